import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';

/** The app asks for the microphone (voice notes) and the camera (QR codes); nothing else. */
export const PERMISSIONS_POLICY = [
  'camera=(self)',
  'microphone=(self)',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'hid=()',
  'midi=()',
  'accelerometer=()',
  'gyroscope=()',
  'magnetometer=()',
  'display-capture=()',
  'xr-spatial-tracking=()',
].join(', ');

/** `'sha256-…'` of every inline `<script>` of a page, as CSP's script-src names them. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(attributes ?? '')) continue;
    hashes.push(
      `'sha256-${createHash('sha256')
        .update(body ?? '', 'utf8')
        .digest('base64')}'`,
    );
  }
  return hashes;
}

/**
 * Every answer's security headers (helmet): a Content-Security-Policy whose only inline script
 * is the theme script of the built index.html, allowed by its hash, read from the very file
 * served, so a rebuilt page cannot drift from the header; no framing; HSTS and
 * upgrade-insecure-requests only when PUBLIC_URL is https (on plain http they would break the
 * app); a Permissions-Policy; and `Cache-Control: no-store` on every /api answer, errors too.
 */
export function securityHeaders(
  app: FastifyInstance,
  options: { webDist: string; publicUrl: string },
): void {
  const https = options.publicUrl.startsWith('https:');
  const indexHtml = join(options.webDist, 'index.html');
  const scripts = existsSync(indexHtml) ? inlineScriptHashes(readFileSync(indexHtml, 'utf8')) : [];
  // Built once: @fastify/helmet builds helmet's middleware again for every request, which cost
  // a feed read more CPU than the page it answers (parsing the CSP directives each time).
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...scripts],
        // React writes style attributes; scripts are what an injection would use.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  app.addHook('onRequest', (request, reply, done) =>
    setHeaders(request.raw, reply.raw, (error) => done(error instanceof Error ? error : undefined)),
  );
  app.addHook('onSend', async (request, reply) => {
    void reply.header('permissions-policy', PERMISSIONS_POLICY);
    if (
      request.url === '/api' ||
      request.url.startsWith('/api/') ||
      request.url.startsWith('/api?')
    )
      void reply.header('cache-control', 'no-store');
  });
}
