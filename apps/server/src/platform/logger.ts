import type { FastifyServerOptions } from 'fastify';

/**
 * Query values that are secrets never reach the log: a reset link's token, and the signature of
 * a signed link (DM audio, a report's voice note, an export), which opens the file to whoever
 * holds it until it expires. Any parameter named like a signature counts (`sig`, S3's
 * `X-Amz-Signature`, `signature`), so a new kind of signed link is covered without a change here.
 */
export function redactUrl(url: string): string {
  return url.replace(
    /([?&](?:token|code|ref|password|secret|key|sig|signature|[\w-]*-signature|[\w-]*-credential)=)[^&#]*/gi,
    '$1[redacted]',
  );
}

/** Where log lines go instead of stdout: a test's array. */
export type LogStream = { write(line: string): void };

/**
 * What a log line keeps of an error: its kind, code and where it happened, never a value. A
 * database error carries the statement's values (PostgreSQL's `detail` quotes the failing row,
 * a password hash included; its message quotes a bad input), so of those only the SQLSTATE and
 * the names of the constraint, table and column are kept, and quoted text in any message or
 * stack becomes "…".
 */
export type SafeError = {
  type: string;
  message: string;
  code?: string;
  constraint?: string;
  table?: string;
  column?: string;
  stack: string;
  cause?: SafeError;
};

export function safeError(error: unknown, depth = 0): SafeError {
  if (!(error instanceof Error))
    return { type: typeof error, message: '(not an Error)', stack: '' };
  const e = error as Error & Record<string, unknown>;
  // The stack's first lines repeat the message; only the frames are kept.
  const frames = (e.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  const safe: SafeError = {
    type: e.constructor.name,
    message: withoutValues(e.message),
    stack: withoutValues(frames.join('\n')),
  };
  for (const key of ['code', 'constraint', 'table', 'column'] as const) {
    if (typeof e[key] === 'string' || typeof e[key] === 'number') safe[key] = String(e[key]);
  }
  if (e.cause !== undefined && depth < 2) safe.cause = safeError(e.cause, depth + 1);
  return safe;
}

function withoutValues(text: string): string {
  return text.replace(/"[^"\n]*"|'[^'\n]*'|`[^`\n]*`/g, '"…"');
}

export function loggerOptions(level: string, stream?: LogStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    // Defence in depth: no code logs these, and headers and bodies are never logged whole.
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        '*.password',
        '*.currentPassword',
        '*.newPassword',
        '*.passwordHash',
        '*.refreshToken',
        '*.accessToken',
        '*.token',
        '*.tokenHash',
        '*.secret',
        '*.detail',
        '*.parameters',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        ip: req.ip,
      }),
      // Every `log.error({ err })` of the app and of Fastify goes through this.
      err: (error: unknown) => safeError(error),
    },
  };
}
