import type { FastifyServerOptions } from 'fastify';

/** Query values that are secrets (reset links carry a token) never reach the log. */
export function redactUrl(url: string): string {
  return url.replace(/([?&](?:token|code|ref)=)[^&]*/gi, '$1[redacted]');
}

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        '*.password',
        '*.newPassword',
        '*.refreshToken',
        '*.token',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        ip: req.ip,
      }),
    },
  };
}
