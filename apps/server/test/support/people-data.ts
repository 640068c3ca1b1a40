// Who the suites sign up, in one place for all of them: the API suites (people.ts), the security
// suite and the end-to-end suite each register these through their own client. No test runner
// is imported here, so Vitest and Playwright files alike can use it.
import { randomBytes } from 'node:crypto';
import type { Device } from '@doers/contract';

/** The founder invite code every test server is started with. */
export const FOUNDER_CODE = 'FOUNDERS-TEST-CODE';

export type PersonData = { username: string; email: string; password: string };

let counter = 0;

/** A new person nobody has used: a unique username and address, a password no list holds. */
export function newPersonData(prefix = 'doer', overrides: Partial<PersonData> = {}): PersonData {
  counter += 1;
  const username = `${prefix}_${counter}_${randomBytes(3).toString('hex')}`;
  return {
    username,
    email: `${username}@example.com`,
    password: 'correct horse battery',
    ...overrides,
  };
}

/** A phone of its own (sessions are per device). */
export function newDevice(id = `device-${randomBytes(6).toString('hex')}`): Device {
  return { id, name: 'Test phone', type: 'mobile', os: 'Android', browser: 'Chrome' };
}
