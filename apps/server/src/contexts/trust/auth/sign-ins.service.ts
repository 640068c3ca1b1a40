import { randomUUID } from 'node:crypto';
import type {
  Device,
  EndSessionsResponse,
  RefreshResponse,
  SessionsResponse,
  Tokens,
} from '@doers/contract';
import type { Database, Queryable } from '../../../db/database.js';
import type { Clock } from '../../../platform/clock.js';
import type { EventBus } from '../../../platform/events.js';
import { notFound, unauthorized } from '../../../platform/errors.js';
import type { Auth } from '../../../platform/router.js';
import type { SecurityLog } from '../../../platform/security-log.js';
import { type TokenSigner, randomToken, sha256 } from '../../../platform/tokens.js';
import type { SessionsService } from '../../accounts/index.js';
import type { UserRow } from '../../accounts/index.js';
import type { UsersService } from '../../accounts/index.js';
import type { TokensRepository } from './tokens.repository.js';

const DAY_MS = 24 * 60 * 60_000;
/** A sign-in ends 90 days after it, however often its tokens rotate. */
export const SESSION_LIFETIME_MS = 90 * DAY_MS;
/**
 * "Remember me" keeps a device signed in 30 days after its last refresh, otherwise 1 day
 * (docs/product/accounts-and-sessions.md), never past the sign-in's end.
 */
const REFRESH_TTL_MS = { remember: 30 * DAY_MS, session: DAY_MS };
/** How long a just-rotated refresh token still gets its successor (another tab of the device). */
export const REUSE_GRACE_MS = 10_000;

const expired = () => unauthorized('Session expired. Please log in again.');

/**
 * Sessions, one per sign-in on a device: their refresh-token chains, rotation with reuse
 * detection, and ending them (docs/decisions/0008-sessions-as-rows.md). The rows themselves are
 * the users module's; their lifetimes and when they end are decided here.
 */
export class SignInsService {
  constructor(
    private readonly deps: {
      db: Database;
      users: UsersService;
      sessions: SessionsService;
      tokens: TokensRepository;
      signer: TokenSigner;
      clock: Clock;
      log: SecurityLog;
      events: EventBus;
    },
  ) {}

  /** A new session on `device` and its first tokens. */
  async start(user: UserRow, device: Device, remember: boolean): Promise<Tokens> {
    const now = this.deps.clock.now();
    const sessionId = randomUUID();
    const refreshToken = randomToken();
    const expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS);
    const idleExpiresAt = this.idleEnd(remember, expiresAt);
    await this.deps.db.transaction(async (tx) => {
      await this.deps.sessions.start(tx, {
        id: sessionId,
        userId: user.id,
        device,
        at: now,
        expiresAt,
        idleExpiresAt,
      });
      await this.deps.tokens.insertRefreshToken(
        {
          id: randomUUID(),
          user_id: user.id,
          session_id: sessionId,
          token_hash: sha256(refreshToken),
          remember,
          expires_at: idleExpiresAt,
        },
        tx,
      );
    });
    const accessToken = await this.deps.signer.signAccess({
      userId: user.id,
      deviceId: device.id,
      sessionId,
      epoch: user.session_epoch,
    });
    return { accessToken, refreshToken };
  }

  /**
   * Rotates a refresh token. Its successor is derived from it, so the same token presented again
   * within the grace (another tab) gets the same successor and the chain never forks. Presented
   * later, it is a stolen copy: the whole session ends, the successor with it.
   */
  async refresh(refreshToken: string, ip: string): Promise<RefreshResponse> {
    const { tokens, clock } = this.deps;
    const now = clock.now();
    const row = await tokens.findRefreshToken(sha256(refreshToken));
    if (!row || row.session_revoked_at) throw expired();
    if (row.used_at && now.getTime() - row.used_at.getTime() >= REUSE_GRACE_MS) {
      await this.#endOne(row.user_id, row.session_id);
      this.deps.log('refresh.reused', { userId: row.user_id, sessionId: row.session_id, ip });
      throw expired();
    }
    if (row.session_expires_at.getTime() <= now.getTime()) throw expired();
    // A used token within the grace already has its successor, whatever its own expiry.
    if (!row.used_at && row.expires_at.getTime() <= now.getTime()) throw expired();
    const user = await this.deps.users.find(row.user_id);
    // A suspended person's session stays restricted (authenticate reads the status each call).
    if (!user || (user.status !== 'Active' && user.status !== 'Suspended')) throw expired();

    const next = this.deps.signer.successorOf(refreshToken);
    if (!row.used_at) {
      const idleEnd = this.idleEnd(row.remember, row.session_expires_at);
      await this.deps.db.transaction(async (tx) => {
        // Losing the race to mark it used means another tab used it a moment ago: that request
        // inserts the same successor, which is all this one answers.
        if (!(await tokens.markUsed(tx, row.id, now))) return;
        await tokens.insertRefreshToken(
          {
            id: randomUUID(),
            user_id: row.user_id,
            session_id: row.session_id,
            token_hash: sha256(next),
            remember: row.remember,
            expires_at: idleEnd,
          },
          tx,
        );
        await this.deps.sessions.rotated(tx, row.session_id, now, idleEnd);
      });
    }
    const accessToken = await this.deps.signer.signAccess({
      userId: user.id,
      deviceId: row.device_id,
      sessionId: row.session_id,
      epoch: user.session_epoch,
    });
    return { accessToken, refreshToken: next };
  }

  /** Ends the session the refresh token belongs to (signing out on this device). */
  async logout(refreshToken: string | undefined, ip: string): Promise<void> {
    if (!refreshToken) return;
    const row = await this.deps.tokens.findRefreshToken(sha256(refreshToken));
    if (!row || row.session_revoked_at) return;
    await this.endSession(row.user_id, row.session_id, ip);
  }

  /** The caller's live sessions, the last used first, theirs marked. */
  async list(auth: Auth): Promise<SessionsResponse> {
    const rows = await this.deps.sessions.live(auth.userId, this.deps.clock.now());
    return {
      sessions: rows.map((s) => ({
        id: s.id,
        deviceName: s.device_name,
        deviceType: s.device_type,
        os: s.device_os,
        browser: s.device_browser,
        signedInAt: s.created_at.toISOString(),
        lastUsedAt: s.last_used_at.toISOString(),
        current: s.id === auth.sessionId,
      })),
    };
  }

  /** Ends one of the caller's sessions; someone else's, or one already ended, is "not found". */
  async end(auth: Auth, sessionId: string, ip: string): Promise<void> {
    if (!(await this.endSession(auth.userId, sessionId, ip))) throw notFound('Session not found');
  }

  /** "Sign out of all other devices". */
  async endOthers(auth: Auth, ip: string): Promise<EndSessionsResponse> {
    const ended = await this.deps.db.transaction((tx) =>
      this.endAll(tx, auth.userId, auth.sessionId),
    );
    for (const sessionId of ended) {
      this.deps.log('session.ended', { userId: auth.userId, sessionId, ip });
    }
    return { ended: ended.length };
  }

  /**
   * Ends every live session of the person but `except`, in the caller's transaction, with a
   * `session.ended` for each: their streams close, and their devices' push subscriptions go,
   * even after a crash (platform/outbox.ts).
   */
  async endAll(tx: Queryable, userId: string, except?: string): Promise<string[]> {
    const ended = await this.deps.sessions.endAll(tx, userId, this.deps.clock.now(), except);
    for (const sessionId of ended) {
      await this.deps.events.record(tx, 'session.ended', { userId, sessionId });
    }
    return ended;
  }

  private async endSession(userId: string, sessionId: string, ip: string): Promise<boolean> {
    const ended = await this.#endOne(userId, sessionId);
    if (ended) this.deps.log('session.ended', { userId, sessionId, ip });
    return ended;
  }

  /** One session, with its `session.ended` (as endAll). */
  #endOne(userId: string, sessionId: string): Promise<boolean> {
    return this.deps.db.transaction(async (tx) => {
      const ended = await this.deps.sessions.end(userId, sessionId, this.deps.clock.now(), tx);
      if (ended) await this.deps.events.record(tx, 'session.ended', { userId, sessionId });
      return ended;
    });
  }

  /** When a token issued now stops working: 30 days or 1 day on, capped by the sign-in's end. */
  private idleEnd(remember: boolean, sessionEnd: Date): Date {
    const ttl = remember ? REFRESH_TTL_MS.remember : REFRESH_TTL_MS.session;
    return new Date(Math.min(this.deps.clock.now().getTime() + ttl, sessionEnd.getTime()));
  }
}
