import type { Device } from '@doers/contract';
import type { Queryable } from '../../../db/database.js';
import type { SessionUser, SessionUsers } from '../../../platform/authenticate.js';
import type { SessionRow, SessionsRepository } from './sessions.repository.js';

/**
 * People's sessions, one per sign-in on a device, and what authenticating a request reads about
 * them (the `SessionUsers` port). The auth module decides their lifetimes and when they end.
 */
export class SessionsService implements SessionUsers {
  constructor(private readonly deps: { sessions: SessionsRepository }) {}

  start(
    tx: Queryable,
    s: {
      id: string;
      userId: string;
      device: Device;
      at: Date;
      expiresAt: Date;
      idleExpiresAt: Date;
    },
  ): Promise<void> {
    return this.deps.sessions.insert(tx, {
      id: s.id,
      user_id: s.userId,
      device_id: s.device.id,
      device_name: s.device.name,
      device_type: s.device.type,
      device_os: s.device.os,
      device_browser: s.device.browser,
      created_at: s.at,
      expires_at: s.expiresAt,
      idle_expires_at: s.idleExpiresAt,
    });
  }

  live(userId: string, at: Date): Promise<SessionRow[]> {
    return this.deps.sessions.live(userId, at);
  }

  rotated(tx: Queryable, sessionId: string, at: Date, idleEnd: Date): Promise<void> {
    return this.deps.sessions.rotated(tx, sessionId, at, idleEnd);
  }

  /** Ends one of the person's sessions; false when they have no such live session. */
  end(userId: string, sessionId: string, at: Date, tx?: Queryable): Promise<boolean> {
    return this.deps.sessions.end(userId, sessionId, at, tx);
  }

  /** Ends every live session of the person but `except`; the ids of those it ended. */
  endAll(tx: Queryable, userId: string, at: Date, except?: string): Promise<string[]> {
    return this.deps.sessions.endAll(tx, userId, at, except ?? null);
  }

  async findSessionUser(userId: string, sessionId: string): Promise<SessionUser | undefined> {
    const row = await this.deps.sessions.findSessionUser(userId, sessionId);
    return (
      row && {
        id: row.id,
        active: row.status === 'Active',
        suspension:
          row.status === 'Suspended'
            ? {
                reason: row.suspension_reason ?? '',
                until: row.suspended_until?.toISOString() ?? null,
              }
            : null,
        sessionEpoch: row.session_epoch,
        timezone: row.timezone,
        dayStartHour: row.day_start_hour,
        sessionExpiresAt: row.session_expires_at,
      }
    );
  }

  touch(userId: string, sessionId: string, zone: string | undefined, at: Date): Promise<void> {
    return this.deps.sessions.touch(userId, sessionId, zone, at);
  }
}
