import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

export const ACCESS_TOKEN_TTL_S = 15 * 60;

/** Short-lived access JWTs; refresh tokens are opaque and live in the database (hashed). */
export class TokenSigner {
  readonly #key: Uint8Array;

  constructor(secret: string) {
    this.#key = new TextEncoder().encode(secret);
  }

  signAccess(userId: string, deviceId: string): Promise<string> {
    return new SignJWT({ did: deviceId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(userId)
      .setIssuedAt()
      .setExpirationTime(`${ACCESS_TOKEN_TTL_S}s`)
      .sign(this.#key);
  }

  /** Returns the user id and device id, or null for a bad or expired token. */
  async verifyAccess(token: string): Promise<{ userId: string; deviceId: string; issuedAt: number } | null> {
    try {
      const { payload } = await jwtVerify(token, this.#key, { algorithms: ['HS256'] });
      if (typeof payload.sub !== 'string' || typeof payload['did'] !== 'string') return null;
      return { userId: payload.sub, deviceId: payload['did'], issuedAt: payload.iat ?? 0 };
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
