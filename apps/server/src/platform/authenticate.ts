import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UsersRepository } from '../modules/users/users.repository.js';
import { unauthorized } from './errors.js';
import type { TokenSigner } from './tokens.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `authenticate` on routes that need a signed-in user. */
    auth: { userId: string; deviceId: string } | null;
    /** The client's IANA zone from X-Timezone, when valid. */
    timezone: string | undefined;
  }
}

export function isValidTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export function readTimezone(request: FastifyRequest): string | undefined {
  const header = request.headers['x-timezone'];
  const zone = Array.isArray(header) ? header[0] : header;
  return zone && zone.length <= 64 && isValidTimeZone(zone) ? zone : undefined;
}

/** A preHandler: a valid bearer token of an active user, issued since their last password reset. */
export function createAuthenticate(signer: TokenSigner, users: UsersRepository) {
  return async function authenticate(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7) : undefined;
    if (!token) throw unauthorized();
    const claims = await signer.verifyAccess(token);
    if (!claims) throw unauthorized('Your session has expired');
    const user = await users.findById(claims.userId);
    if (!user || user.status !== 'Active' || user.session_epoch !== claims.epoch) {
      throw unauthorized('Your session has expired');
    }
    request.auth = { userId: claims.userId, deviceId: claims.deviceId };
    await users.touch(claims.userId, request.timezone);
  };
}

export function requireAuth(request: FastifyRequest): { userId: string; deviceId: string } {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
