import { describe, expect, it } from 'vitest';
import { actionPhrase } from './safety-text';

describe('actionPhrase', () => {
  it('says what a moderator did, in words', () => {
    expect(actionPhrase({ action: 'hide', targetType: 'comment', suspendedUntil: null })).toBe(
      'hid the voice comment',
    );
    expect(
      actionPhrase({
        action: 'suspend',
        targetType: 'user',
        suspendedUntil: '2026-12-03T10:00:00.000Z',
      }),
    ).toBe('suspended the account until Dec 3, 2026');
    expect(actionPhrase({ action: 'suspend', targetType: 'user', suspendedUntil: null })).toBe(
      'suspended the account until lifted',
    );
    expect(actionPhrase({ action: 'dismiss', targetType: 'post', suspendedUntil: null })).toBe(
      'dismissed the reports on a post',
    );
  });
});
