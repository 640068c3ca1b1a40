import { describe, expect, it } from 'vitest';
import { returnPath } from './return-path';

describe('returnPath', () => {
  it('takes the same person back where they were', () => {
    expect(returnPath({ from: '/quests/1', userId: 'u1' }, 'u1')).toBe('/quests/1');
  });

  it('sends someone else to the default', () => {
    expect(returnPath({ from: '/quests/1', userId: 'u1' }, 'u2')).toBeNull();
  });

  it('rejects paths that leave the app', () => {
    expect(returnPath({ from: '//evil.example', userId: 'u1' }, 'u1')).toBeNull();
    expect(returnPath({ from: 'https://evil.example' }, 'u1')).toBeNull();
    expect(returnPath(null, 'u1')).toBeNull();
  });

  it('keeps a path saved without a user (a plain protected-route redirect)', () => {
    expect(returnPath({ from: '/feed' }, 'u1')).toBe('/feed');
  });
});
