/** Where a scanned or typed Doers code leads. */
export type InviteTarget = { kind: 'referral'; code: string } | { kind: 'founder' };

// Referral codes are 8 characters today; accept a little more so older or custom codes still work.
const BARE_CODE = /^[A-Za-z0-9_-]{4,32}$/;

/**
 * Reads a Doers QR payload: a link like `https://host/invite/CODE` or `/register?ref=CODE`
 * (any host, so codes printed by another deployment still work), a founder link
 * `/register?founder=true`, or a bare code. Anything else is not a Doers code (null).
 */
export function parseInviteQr(raw: string): InviteTarget | null {
  const text = raw.trim();
  if (!text) return null;
  if (BARE_CODE.test(text)) return { kind: 'referral', code: text };

  let url: URL;
  try {
    url = new URL(text, 'https://doers.invalid');
  } catch {
    return null;
  }
  if (!/^https?:$/.test(url.protocol)) return null;

  const invite = /^\/invite\/([^/]+)\/?$/.exec(url.pathname);
  const inviteCode = invite?.[1] ? decodeURIComponent(invite[1]) : null;
  if (inviteCode && BARE_CODE.test(inviteCode)) return { kind: 'referral', code: inviteCode };

  if (/^\/register\/?$/.test(url.pathname)) {
    const ref = url.searchParams.get('ref')?.trim();
    if (ref && BARE_CODE.test(ref)) return { kind: 'referral', code: ref };
    if (url.searchParams.get('founder') === 'true') return { kind: 'founder' };
  }
  return null;
}

export function registerPathFor(target: InviteTarget): string {
  return target.kind === 'founder'
    ? '/register?founder=true'
    : `/register?ref=${encodeURIComponent(target.code)}`;
}
