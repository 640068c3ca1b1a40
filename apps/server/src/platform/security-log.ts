import type { FastifyBaseLogger } from 'fastify';

/**
 * What an operator watches for attacks on accounts. Each is one structured log line
 * `{ security: <event>, ... }` at info (warn for the ones that mean someone is guessing or
 * replaying). Fields name people and addresses, never a secret: no password, token, hash, code
 * or database parameter goes in.
 */
export type SecurityEvents = {
  'signIn.succeeded': { userId: string; ip: string };
  /** `userId` null: no such account. The typed name is not logged: it may be a password. */
  'signIn.failed': { userId: string | null; ip: string; reason: 'credentials' | 'suspended' };
  'refresh.reused': { userId: string; sessionId: string; ip: string };
  'password.resetRequested': { userId: string; ip: string };
  'password.reset': { userId: string; ip: string };
  'password.changed': { userId: string; ip: string };
  'session.ended': { userId: string; sessionId: string; ip: string };
  'rateLimit.hit': { rule: string; ip: string; retryAfterSeconds: number };
};

const WARN: ReadonlySet<keyof SecurityEvents> = new Set(['refresh.reused', 'rateLimit.hit']);

export type SecurityLog = <E extends keyof SecurityEvents>(
  event: E,
  fields: SecurityEvents[E],
) => void;

export function createSecurityLog(log: Pick<FastifyBaseLogger, 'info' | 'warn'>): SecurityLog {
  return (event, fields) => {
    const line: Record<string, unknown> = { security: event, ...fields };
    const message: string = event;
    if (WARN.has(event)) log.warn(line, message);
    else log.info(line, message);
  };
}
