import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Who may see a private file attached to something: asked with the viewer and the id of what the
 * file is attached to. Posts register one for vibers-only posts, messages for their two people.
 */
export type AccessRule = (viewerId: string, attachedId: string) => Promise<boolean>;

/**
 * How far the thing a file is attached to is shown now, asked on every request for the file:
 * to anyone (`public`), to some people only (`restricted`: a vibers-only post, a private
 * profile's voice intro, a message), or to nobody (`gone`: hidden by a moderator, deleted, its
 * author's account deactivated). A URL handed out before is honoured only as far as that goes.
 */
export type Shown = 'public' | 'restricted' | 'gone';
export type ShownRule = (attachedId: string) => Promise<Shown>;

export type AccessFacts = {
  ownerId: string;
  isPublic: boolean;
  attachedType: string | null;
  attachedId: string | null;
};

/** The facts of a media row as the database names them. */
export function accessFactsOf(row: {
  owner_id: string;
  is_public: boolean;
  attached_type: string | null;
  attached_id: string | null;
}): AccessFacts {
  return {
    ownerId: row.owner_id,
    isPublic: row.is_public,
    attachedType: row.attached_type,
    attachedId: row.attached_id,
  };
}

/**
 * The one place that decides who may see a file: anyone when it is attached to something public;
 * its owner always; otherwise whoever the rule of what it is attached to lets in. An upload that
 * nothing uses yet is its owner's alone.
 */
export class MediaAccess {
  readonly #rules = new Map<string, AccessRule>();
  readonly #shown = new Map<string, ShownRule>();

  /**
   * A module above media says who may see files attached to its things (`'post'`, `'dm'`…),
   * and, with `shown`, when none of them may any more.
   */
  register(attachedType: string, rule: AccessRule, shown?: ShownRule): void {
    if (this.#rules.has(attachedType)) throw new Error(`Media rule ${attachedType} twice`);
    this.#rules.set(attachedType, rule);
    if (shown) this.#shown.set(attachedType, shown);
  }

  /**
   * How far what the file is attached to is shown now; as the row says (`is_public`) for an
   * upload nothing uses yet, or a thing whose module registered no such rule.
   */
  async shown(m: AccessFacts): Promise<Shown> {
    const rule = m.attachedType && m.attachedId ? this.#shown.get(m.attachedType) : undefined;
    if (rule) return rule(m.attachedId!);
    return m.isPublic ? 'public' : 'restricted';
  }

  /** Whether a signed-in viewer may see a file shown to some people only. */
  async mayView(viewerId: string | null, m: AccessFacts): Promise<boolean> {
    if (!viewerId) return false;
    if (viewerId === m.ownerId) return true;
    if (!m.attachedType || !m.attachedId) return false;
    const rule = this.#rules.get(m.attachedType);
    return rule ? rule(viewerId, m.attachedId) : false;
  }
}

const DAY_MS = 86_400_000;

/**
 * Signed URLs for private files: an `<audio>` or `<img>` element sends no Authorization header,
 * so whoever was shown the file gets a URL that opens it for a day or two. The expiry is rounded
 * to whole days so that a file keeps one URL for a day (browser and service-worker caches).
 */
export class UrlSigner {
  readonly #key: Buffer;

  constructor(secret: string) {
    // A key of its own, derived from the server secret: a media URL is never a token.
    this.#key = createHash('sha256').update(`doers media urls\0${secret}`).digest();
  }

  sign(id: string, now: Date): { exp: number; sig: string } {
    const exp = (Math.floor(now.getTime() / DAY_MS) + 2) * (DAY_MS / 1000);
    return { exp, sig: this.#mac(id, exp) };
  }

  verify(id: string, exp: number | undefined, sig: string | undefined, now: Date): boolean {
    if (exp === undefined || !sig || exp * 1000 <= now.getTime()) return false;
    const expected = Buffer.from(this.#mac(id, exp));
    const given = Buffer.from(sig);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  #mac(id: string, exp: number): string {
    return createHmac('sha256', this.#key).update(`${id}.${exp}`).digest('base64url');
  }
}
