import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { Clock } from './clock.js';

export const ACCESS_TOKEN_TTL_S = 15 * 60;

/** Short-lived access JWTs; refresh tokens are opaque and live in the database (hashed). */
export class TokenSigner {
  readonly #key: Uint8Array;

  constructor(
    secret: string,
    private readonly clock: Clock,
  ) {
    this.#key = new TextEncoder().encode(secret);
  }

  signAccess(userId: string, deviceId: string, epoch: number): Promise<string> {
    const issuedAt = Math.floor(this.clock.now().getTime() / 1000);
    return new SignJWT({ did: deviceId, ep: epoch })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(userId)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_S)
      .sign(this.#key);
  }

  /** Returns the user id and device id, or null for a bad or expired token. */
  async verifyAccess(
    token: string,
  ): Promise<{ userId: string; deviceId: string; epoch: number } | null> {
    try {
      const { payload } = await jwtVerify(token, this.#key, {
        algorithms: ['HS256'],
        currentDate: this.clock.now(),
      });
      const { sub, did, ep } = payload;
      if (typeof sub !== 'string' || typeof did !== 'string' || typeof ep !== 'number') return null;
      return { userId: sub, deviceId: did, epoch: ep };
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
