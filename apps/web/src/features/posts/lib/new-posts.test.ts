import type { Post } from '@doers/contract';
import { describe, expect, it } from 'vitest';
import { hasNewerPost, withNewestPage } from './new-posts';

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

describe('loading new posts at the top', () => {
  const post = (id: string, smiles = 0) => ({ id, counts: { smiles } }) as unknown as Post;
  const ids = (data: ReturnType<typeof withNewestPage>) =>
    data.pages.map((page) => page.items.map((p) => p.id));
  const loaded = {
    pages: [
      { items: [post('c'), post('b')], nextCursor: 'after-b' },
      { items: [post('a')], nextCursor: null },
    ],
    pageParams: [null, 'after-b'],
  };

  it('puts the new ones on top and keeps every page already loaded', () => {
    const next = withNewestPage(loaded, {
      items: [post('e'), post('d'), post('c', 3)],
      nextCursor: 'x',
    });
    expect(ids(next)).toEqual([['e', 'd', 'c', 'b'], ['a']]);
    expect(next.pageParams).toEqual([null, 'after-b']);
    // A post the fresh page holds comes with its fresh counts.
    expect(next.pages[0]!.items[2]!.counts.smiles).toBe(3);
  });

  it('starts again from the fresh page when it does not reach what was shown', () => {
    const next = withNewestPage(loaded, { items: [post('g'), post('f')], nextCursor: 'after-f' });
    expect(ids(next)).toEqual([['g', 'f']]);
    expect(next.pageParams).toEqual([null]);
  });

  it('takes the fresh page as it is when nothing was loaded, or it holds the whole feed', () => {
    expect(ids(withNewestPage(undefined, { items: [post('a')], nextCursor: null }))).toEqual([
      ['a'],
    ]);
    const short = { pages: [{ items: [post('a')], nextCursor: null }], pageParams: [null] };
    expect(ids(withNewestPage(short, { items: [post('z')], nextCursor: null }))).toEqual([['z']]);
  });
});
