import { describe, expect, it } from 'vitest';
import { quotaText } from './quota-text';

const resetDate = '2026-04-01T00:00:00.000Z';

describe('quotaText', () => {
  it.each([
    [{ used: 0, limit: 3, resetDate }, '0 of 3 invites used this month: 3 left until April 1.'],
    [{ used: 2, limit: 3, resetDate }, '2 of 3 invites used this month: 1 left until April 1.'],
    [
      { used: 3, limit: 3, resetDate },
      'You have used all 3 invites this month. New ones on April 1.',
    ],
    [
      { used: 1, limit: 999, resetDate },
      '1 person joined with your code this month. As a founder you can invite as many as you like.',
    ],
  ])('%o → %s', (quota, text) => expect(quotaText(quota)).toBe(text));
});
