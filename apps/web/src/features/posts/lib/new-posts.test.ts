import type { Post } from '@doers/contract';
import { describe, expect, it } from 'vitest';
import { hasNewerPost } from './new-posts';

const at = (id: string, createdAt: string) => ({ id, createdAt }) as Post;

describe('the "New posts" pill', () => {
  it('shows only for a newer post than the first one shown', () => {
    const shown = at('a', '2026-11-23T10:00:00.000Z');
    expect(hasNewerPost(undefined, shown)).toBe(false);
    expect(hasNewerPost(at('a', shown.createdAt), shown)).toBe(false);
    expect(hasNewerPost(at('b', '2026-11-23T10:05:00.000Z'), shown)).toBe(true);
    // The first shown post was deleted and the head is an older one: nothing new.
    expect(hasNewerPost(at('c', '2026-11-23T09:00:00.000Z'), shown)).toBe(false);
    expect(hasNewerPost(at('b', '2026-11-23T10:05:00.000Z'), undefined)).toBe(true);
  });
});
