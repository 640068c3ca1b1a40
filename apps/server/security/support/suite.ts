// What every file of the security suite shares: the run's folder, the shared server, the people
// it registers, and the secrets it used (the logs test looks for each of them in every log).
import { appendFileSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { randomBytes, randomInt } from 'node:crypto';
import { join } from 'node:path';
import type { AuthResponse } from '@doers/contract';
import { expect, inject } from 'vitest';
import { resetLinkInOutbox } from '../../test/support/outbox.js';
import { newPersonData } from '../../test/support/people-data.js';
import { call, loopback, type Reply } from './http.js';
import { FOUNDER_CODE, type ServerInfo } from './servers.js';

export type SuiteContext = {
  runDir: string;
  /** The server's bundle every server of the suite runs (test/support/server-process.ts). */
  bundle: string;
  /** The server most files attack: rate limits as in production, an https PUBLIC_URL. */
  main: ServerInfo;
  /** The web build it serves: the real apps/web/dist, or a fixture when there is none. */
  webDist: { path: string; real: boolean };
};

declare module 'vitest' {
  export interface ProvidedContext {
    security: SuiteContext;
  }
}

export const suite = (): SuiteContext => inject('security');

/** Keeps secrets the test used, so the logs test can look for each one. */
export function keepSecrets(...values: (string | undefined)[]): void {
  const dir = join(suite().runDir, 'secrets');
  mkdirSync(dir, { recursive: true });
  const lines = values.filter((v): v is string => !!v && v.length >= 8);
  if (lines.length) appendFileSync(join(dir, `${process.pid}.txt`), lines.join('\n') + '\n');
}

export function keptSecrets(runDir: string): string[] {
  const dir = join(runDir, 'secrets');
  let files: string[];
  try {
    files = readdirSync(dir);
  } catch {
    return [];
  }
  const all = files.flatMap((f) => readFileSync(join(dir, f), 'utf8').split('\n'));
  return [...new Set(all.filter(Boolean))];
}

/** A password no list holds. */
export const strongPassword = () => `Sx-${randomBytes(12).toString('base64url')}`;

export const newDevice = (name = 'Security suite phone') => ({
  id: `sec-${randomBytes(8).toString('hex')}`,
  name,
  type: 'mobile' as const,
  os: 'Android',
  browser: 'Chrome',
});

export type Person = {
  id: string;
  email: string;
  username: string;
  password: string;
  device: ReturnType<typeof newDevice>;
  accessToken: string;
  refreshToken: string;
};

/**
 * A founder account, signed up from an address of its own (sign-ups are limited per address).
 */
export async function registerFounder(base: string, from?: string): Promise<Person> {
  const person = { ...newPersonData('sec', { password: strongPassword() }), device: newDevice() };
  keepSecrets(person.password);
  const res = await call<AuthResponse>(base, 'POST', '/api/auth/register', {
    body: { ...person, inviteCode: FOUNDER_CODE },
    from: from ?? loopback(200 + randomInt(50), randomInt(60_000)),
  });
  expect(res.status, res.text).toBe(201);
  keepSecrets(res.body.tokens.accessToken, res.body.tokens.refreshToken);
  return {
    ...person,
    id: res.body.user.id,
    accessToken: res.body.tokens.accessToken,
    refreshToken: res.body.tokens.refreshToken,
  };
}

export async function signIn(
  base: string,
  login: { email: string; password: string; device: { id: string } },
  from: string,
): Promise<Reply<AuthResponse>> {
  keepSecrets(login.password);
  const res = await call<AuthResponse>(base, 'POST', '/api/auth/login', {
    body: { email: login.email, password: login.password, device: login.device },
    from,
  });
  if (res.status === 200) keepSecrets(res.body.tokens.accessToken, res.body.tokens.refreshToken);
  return res;
}

/** The reset token of the newest mail to `email` in the server's outbox not read before. */
export async function resetTokenFromOutbox(dataDir: string, email: string): Promise<string> {
  const link = await resetLinkInOutbox(join(dataDir, 'outbox'), email, { except: readLinks });
  readLinks.add(link);
  const token = new URL(link).searchParams.get('token')!;
  keepSecrets(token);
  return token;
}
const readLinks = new Set<string>();
