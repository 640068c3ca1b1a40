import { createHash, createHmac, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { LRUCache } from 'lru-cache';
import type { Clock } from './clock.js';

export const ACCESS_TOKEN_TTL_S = 15 * 60;

/** An access token names its person, device and session (`sid`), and the account's epoch. */
export type AccessClaims = { userId: string; deviceId: string; sessionId: string; epoch: number };

/** Short-lived access JWTs; refresh tokens are opaque and live in the database (hashed). */
export class TokenSigner {
  readonly #key: Uint8Array;
  readonly #successorKey: Buffer;

  constructor(
    secret: string,
    private readonly clock: Clock,
  ) {
    this.#key = new TextEncoder().encode(secret);
    // A key of its own, so a successor is never an HMAC the JWTs' key also makes.
    this.#successorKey = createHmac('sha256', secret).update('doers refresh successor').digest();
  }

  /**
   * The refresh token that follows `presented` in its chain: derived, not drawn, so presenting
   * the same token again within the grace gets the same successor and never a second chain
   * (docs/decisions/0008-sessions-as-rows.md). Unpredictable without the server's secret.
   */
  successorOf(presented: string): string {
    return createHmac('sha256', this.#successorKey).update(presented).digest('base64url');
  }

  signAccess(claims: AccessClaims): Promise<string> {
    const { userId, deviceId, sessionId, epoch } = claims;
    const issuedAt = Math.floor(this.clock.now().getTime() / 1000);
    return new SignJWT({ did: deviceId, sid: sessionId, ep: epoch })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(userId)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_S)
      .sign(this.#key);
  }

  // A token is verified once: jose checks HS256 through WebCrypto, an async job on the thread
  // pool, on every request otherwise. Its claims are kept until it expires by the injected clock;
  // whether its user may still use it (logout, password reset) is checked on every request.
  /** Tokens already verified, kept to their expiry (~400 bytes each). */
  readonly #verified = new LRUCache<string, { claims: AccessClaims; exp: number }>({
    max: 50_000,
  });

  /** Returns the token's claims, or null for a bad or expired token. */
  async verifyAccess(token: string): Promise<AccessClaims | null> {
    const now = this.clock.now().getTime() / 1000;
    const known = this.#verified.get(token);
    if (known) {
      if (known.exp > now) return known.claims;
      this.#verified.delete(token);
    }
    const verified = await this.#verify(token);
    if (!verified) return null;
    this.#verified.set(token, verified);
    return verified.claims;
  }

  async #verify(token: string): Promise<{ claims: AccessClaims; exp: number } | null> {
    try {
      const { payload } = await jwtVerify(token, this.#key, {
        algorithms: ['HS256'],
        currentDate: this.clock.now(),
      });
      const { sub, did, sid, ep, exp } = payload;
      if (typeof sub !== 'string' || typeof did !== 'string' || typeof ep !== 'number') return null;
      // Tokens from before sessions were rows carry no sid: the client refreshes and gets one.
      if (typeof sid !== 'string' || typeof exp !== 'number') return null;
      return { claims: { userId: sub, deviceId: did, sessionId: sid, epoch: ep }, exp };
    } catch {
      return null;
    }
  }
}

export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
