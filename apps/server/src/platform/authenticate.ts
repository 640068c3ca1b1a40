import type { IncomingHttpHeaders } from 'node:http';
import { suspensionMessage, type Suspension } from '@doers/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Clock } from './clock.js';
import { HttpError, unauthorized } from './errors.js';
import type { TokenSigner } from './tokens.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `authenticate` on routes that need a signed-in user. */
    auth: {
      userId: string;
      deviceId: string;
      /** The sign-in the access token belongs to. */
      sessionId: string;
      zone: string;
      dayStartHour: number;
    } | null;
    /** The client's IANA zone from X-Timezone, when valid. */
    timezone: string | undefined;
  }
  interface FastifyContextConfig {
    /** The endpoint's `allowSuspended` (router.ts): a suspended person's token opens it too. */
    allowSuspended?: boolean;
  }
}

/** What authenticating needs to know about a token's user and session. */
export type SessionUser = {
  id: string;
  active: boolean;
  /** Set while a moderator's suspension stands: the session is restricted. */
  suspension: Suspension | null;
  sessionEpoch: number;
  timezone: string;
  dayStartHour: number;
  /** The absolute end of the sign-in. */
  sessionExpiresAt: Date;
};

/** The port platform needs from whoever keeps the people (app.ts wires the users module). */
export interface SessionUsers {
  /** The person of a session that has not been ended, or undefined. */
  findSessionUser(userId: string, sessionId: string): Promise<SessionUser | undefined>;
  /** Records that the person was seen at `at` on that session, in `zone` when the client said. */
  touch(userId: string, sessionId: string, zone: string | undefined, at: Date): Promise<void>;
}

export function isValidTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export function readTimezone(request: { headers: IncomingHttpHeaders }): string | undefined {
  const header = request.headers['x-timezone'];
  const zone = Array.isArray(header) ? header[0] : header;
  return zone && zone.length <= 64 && isValidTimeZone(zone) ? zone : undefined;
}

/**
 * What identifying a caller reads of a request: its bearer token, its zone, and whether the
 * endpoint lets a suspended person in (their account, export and sessions only).
 */
export type Credentials = {
  authorization: string | undefined;
  timezone: string | undefined;
  allowSuspended?: boolean;
};

const TOUCH_EVERY_MS = 60_000;

/**
 * A preHandler: a valid bearer token of an active user, issued since their last password reset,
 * on a session that has not ended. A suspended person's session is restricted: this is the one
 * place that refuses them (403, with the reason) everywhere but where the endpoint allows them.
 */
export function createAuthenticate(signer: TokenSigner, users: SessionUsers, clock: Clock) {
  // lastActive and a session's last use are kept to the minute: a write per request would cost
  // more than it tells. The oldest forgotten first past 100,000 sessions: emptied whole, it made
  // every session write again in the same minute.
  const touched = new LRUCache<string, { at: number; zone: string | undefined }>({ max: 100_000 });
  async function touch(userId: string, sessionId: string, zone: string | undefined) {
    const now = clock.now();
    const seen = touched.get(sessionId);
    if (seen && seen.zone === zone && Math.abs(now.getTime() - seen.at) < TOUCH_EVERY_MS) return;
    touched.set(sessionId, { at: now.getTime(), zone });
    await users.touch(userId, sessionId, zone, now);
  }

  async function identify(request: Credentials): Promise<NonNullable<FastifyRequest['auth']>> {
    const header = request.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7) : undefined;
    if (!token) throw unauthorized();
    const claims = await signer.verifyAccess(token);
    if (!claims) throw unauthorized('Your session has expired');
    // One read (none once known): the person and whether their session still stands,
    // so logging out or ending a session ends its access tokens at once.
    const user = await users.findSessionUser(claims.userId, claims.sessionId);
    if (
      !user ||
      !(user.active || user.suspension) ||
      user.sessionEpoch !== claims.epoch ||
      user.sessionExpiresAt.getTime() <= clock.now().getTime()
    ) {
      throw unauthorized('Your session has expired');
    }
    if (user.suspension && !request.allowSuspended) {
      throw new HttpError(403, suspensionMessage(user.suspension));
    }
    await touch(claims.userId, claims.sessionId, request.timezone);
    return {
      userId: user.id,
      deviceId: claims.deviceId,
      sessionId: claims.sessionId,
      zone: request.timezone ?? user.timezone,
      dayStartHour: user.dayStartHour,
    };
  }
  const credentials = (request: FastifyRequest): Credentials => ({
    authorization: request.headers.authorization,
    timezone: request.timezone,
    allowSuspended: request.routeOptions.config.allowSuspended === true,
  });
  return {
    authenticate: async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
      request.auth = await identify(credentials(request));
    },
    /** For pages a signed-out visitor may read too: a missing or stale token means "visitor". */
    identifyIfPossible: async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
      request.auth = await identify(credentials(request)).catch(() => null);
    },
    /** The same check for a route answered outside Fastify (the realtime stream). */
    identify,
  };
}

export function requireAuth(request: FastifyRequest): NonNullable<FastifyRequest['auth']> {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/**
 * "Now" for the person making the request: the clock's instant, in their zone (X-Timezone
 * first) and with their day-start hour.
 */
export function localNowOf(
  request: FastifyRequest,
  clock: Clock,
): { now: Date; zone: string; dayStartHour: number } {
  return {
    now: clock.now(),
    zone: request.auth?.zone ?? request.timezone ?? 'UTC',
    dayStartHour: request.auth?.dayStartHour ?? 0,
  };
}
