// Runs last (vitest.config.ts orders it): everything the suite did is now in the servers' logs.
// An operator reading them sees who signed in, failed, replayed or hit a limit, and never a
// password, token, reset token, hash or signing key the suite used.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { JWT_SECRET } from './support/servers.js';
import { keptSecrets, suite } from './support/suite.js';

const { runDir } = suite();
const logs = () =>
  readdirSync(runDir)
    .filter((f) => f.endsWith('.log'))
    .map((f) => ({ file: f, text: readFileSync(join(runDir, f), 'utf8') }));

/** Every form a secret could take in a log line: itself, and the SHA-256 the server stores. */
function formsOf(secret: string): string[] {
  const digest = createHash('sha256').update(secret).digest();
  return [secret, digest.toString('hex'), digest.toString('base64url')];
}

/**
 * The words of a log: runs of the characters secrets are made of (base64url and hex). A secret
 * in a JSON string, a query string or a sentence stands alone as one of them.
 */
const wordsOf = (text: string) => new Set(text.split(/[^A-Za-z0-9_-]+/));

describe('logs', () => {
  it('hold no password, token, reset token, hash or key the suite used', () => {
    const secrets = [...keptSecrets(runDir), JWT_SECRET];
    // The login attack alone keeps 2,000 guessed passwords.
    expect(
      secrets.length,
      'secrets kept by the other files: run the whole project',
    ).toBeGreaterThan(2_000);
    const files = logs();
    const leaks: string[] = [];
    for (const { file, text } of files) {
      const words = wordsOf(text);
      for (const secret of secrets)
        for (const form of formsOf(secret))
          if (words.has(form))
            leaks.push(`${file}: ${form.slice(0, 12)}… (${secret.length} chars)`);
      // Whatever the suite did not keep: no password hash, no signed token of any kind.
      for (const pattern of [/\$argon2/, /eyJ[\w-]{8,}\.eyJ[\w-]{8,}\./])
        if (pattern.test(text)) leaks.push(`${file}: matches ${pattern}`);
    }
    const lines = files.reduce((n, f) => n + f.text.split('\n').length - 1, 0);
    console.log(
      `logs: ${files.length} servers' logs (${files.map((f) => f.file).join(', ')}), ` +
        `${lines.toLocaleString('en-US')} lines; ${secrets.length.toLocaleString('en-US')} secrets ` +
        `looked for, as they are and as SHA-256 (hex, base64url): ${leaks.length} found`,
    );
    expect(leaks).toEqual([]);
  });

  it('hold the security events of what the suite did', () => {
    const text = logs()
      .map((f) => f.text)
      .join('\n');
    const expected = [
      'signIn.succeeded',
      'signIn.failed',
      'refresh.reused',
      'session.ended',
      'password.resetRequested',
      'password.reset',
      'rateLimit.hit',
    ];
    const counts = Object.fromEntries(
      expected.map((event) => [event, text.split(`"security":"${event}"`).length - 1]),
    );
    console.log(
      `logs, security events: ${Object.entries(counts)
        .map(([event, n]) => `${event}×${n}`)
        .join(' ')}`,
    );
    for (const event of expected) expect(counts[event], event).toBeGreaterThan(0);
  });
});
