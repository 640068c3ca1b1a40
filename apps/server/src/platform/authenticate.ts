import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UsersRepository } from '../modules/users/users.repository.js';
import { unauthorized } from './errors.js';
import type { TokenSigner } from './tokens.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `authenticate` on routes that need a signed-in user. */
    auth: { userId: string; deviceId: string; zone: string; dayStartHour: number } | null;
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
  // lastActive is kept to the minute: a write per request would cost more than it tells.
  const touched = new Map<string, { at: number; zone: string | undefined }>();
  async function touch(userId: string, zone: string | undefined): Promise<void> {
    const seen = touched.get(userId);
    if (seen && seen.zone === zone && Date.now() - seen.at < 60_000) return;
    if (touched.size > 10_000) touched.clear();
    touched.set(userId, { at: Date.now(), zone });
    await users.touch(userId, zone);
  }

  async function identify(request: FastifyRequest): Promise<FastifyRequest['auth']> {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7) : undefined;
    if (!token) throw unauthorized();
    const claims = await signer.verifyAccess(token);
    if (!claims) throw unauthorized('Your session has expired');
    const user = await users.findById(claims.userId);
    if (!user || user.status !== 'Active' || user.session_epoch !== claims.epoch) {
      throw unauthorized('Your session has expired');
    }
    await touch(claims.userId, request.timezone);
    return {
      userId: user.id,
      deviceId: claims.deviceId,
      zone: request.timezone ?? user.timezone,
      dayStartHour: user.day_start_hour,
    };
  }
  return {
    authenticate: async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
      request.auth = await identify(request);
    },
    /** For pages a signed-out visitor may read too: a missing or stale token means "visitor". */
    identifyIfPossible: async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
      request.auth = await identify(request).catch(() => null);
    },
  };
}

export function requireAuth(request: FastifyRequest): NonNullable<FastifyRequest['auth']> {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/** "Now" for the person making the request: their zone (X-Timezone first) and day-start hour. */
export function clockOf(request: FastifyRequest): {
  now: Date;
  zone: string;
  dayStartHour: number;
} {
  return {
    now: new Date(),
    zone: request.auth?.zone ?? request.timezone ?? 'UTC',
    dayStartHour: request.auth?.dayStartHour ?? 0,
  };
}
