import type { Post, PostPage } from '@doers/contract';
import { describe, expect, it } from 'vitest';
import {
  findPost,
  mapPosts,
  restoredReaction,
  toggledReaction,
  withCount,
  withReactionState,
  withoutPosts,
} from './post-cache';

function postOf(id: string, authorId = 'author-1', extra: Partial<Post> = {}): Post {
  return {
    id,
    author: {
      id: authorId,
      username: `user-${authorId}`,
      displayName: 'Ada',
      profilePictureUrl: null,
      isFounder: false,
      colorTheme: '#4A90E2',
      haloIntensity: 0.5,
    },
    quest: null,
    visibility: 'public',
    voice: {
      id: `voice-${id}`,
      kind: 'voice',
      purpose: 'post',
      contentType: 'audio/mp4',
      url: `/api/media/voice-${id}`,
      thumbnailUrl: null,
      posterUrl: null,
      size: 100,
      durationMs: 2000,
      waveform: [0.1, 0.5],
      width: null,
      height: null,
      transcript: null,
      createdAt: '2026-11-23T10:00:00.000Z',
    },
    attachment: null,
    counts: { smiles: 2, hums: 1, vibes: 0, comments: 0 },
    viewer: { smiled: false, hummed: false, isAuthor: false, canHum: true },
    hummedBy: null,
    createdAt: '2026-11-23T10:00:00.000Z',
    ...extra,
  };
}

/** Infinite pages as TanStack Query holds them. */
function pagesOf(...pages: Post[][]): { pages: PostPage[]; pageParams: Array<string | null> } {
  return {
    pages: pages.map((items, index) => ({ items, nextCursor: `c${index + 1}` })),
    pageParams: pages.map((_, index) => (index === 0 ? null : `c${index}`)),
  };
}

describe('a reaction reaches the same post wherever it is cached', () => {
  it('updates the post in feed pages, on its own page and in a plain page, and nothing else', () => {
    const target = postOf('p1');
    const other = postOf('p2');
    const feed = pagesOf([other], [target]);
    const smile = (post: Post) => toggledReaction(post, 'smile', true);

    const nextFeed = mapPosts(feed, (p) => p.id === 'p1', smile) as typeof feed;
    expect(nextFeed.pages[1]!.items[0]!.counts.smiles).toBe(3);
    expect(nextFeed.pages[1]!.items[0]!.viewer.smiled).toBe(true);
    // Untouched branches keep their identity: React Query sees no change there.
    expect(nextFeed.pages[0]).toBe(feed.pages[0]);
    expect(nextFeed.pageParams).toBe(feed.pageParams);

    expect((mapPosts(target, (p) => p.id === 'p1', smile) as Post).counts.smiles).toBe(3);
    const profile = { items: [target], nextCursor: null };
    expect(
      (mapPosts(profile, (p) => p.id === 'p1', smile) as PostPage).items[0]!.viewer.smiled,
    ).toBe(true);
  });

  it('returns the very same data when the post is not there', () => {
    const feed = pagesOf([postOf('p2')]);
    expect(
      mapPosts(
        feed,
        (p) => p.id === 'p1',
        (p) => withCount(p, 'vibes', 1),
      ),
    ).toBe(feed);
    expect(
      mapPosts(
        { quests: [{ id: 'p1', title: 'Not a post' }] },
        () => true,
        (p) => p,
      ),
    ).toEqual({ quests: [{ id: 'p1', title: 'Not a post' }] });
  });

  it('finds the current copy of a post for the rollback snapshot', () => {
    const feed = pagesOf(
      [postOf('p2')],
      [postOf('p1', 'a', { counts: { smiles: 9, hums: 0, vibes: 0, comments: 0 } })],
    );
    expect(findPost(feed, 'p1')?.counts.smiles).toBe(9);
    expect(findPost(feed, 'missing')).toBeUndefined();
  });
});

describe('toggles, the server answer and the rollback', () => {
  it('turns a smile on and off, never below zero, and ignores a toggle already in that state', () => {
    const post = postOf('p1');
    const on = toggledReaction(post, 'smile', true);
    expect(on.counts.smiles).toBe(3);
    expect(toggledReaction(on, 'smile', true)).toBe(on);
    const off = toggledReaction(on, 'smile', false);
    expect(off.counts.smiles).toBe(2);
    expect(off.viewer.smiled).toBe(false);
    const hum = toggledReaction(
      postOf('p3', 'a', { counts: { smiles: 0, hums: 0, vibes: 0, comments: 0 } }),
      'hum',
      true,
    );
    expect(hum.counts.hums).toBe(1);
    expect(hum.viewer.hummed).toBe(true);
    const broken = postOf('p4', 'a', {
      counts: { smiles: 0, hums: 0, vibes: 0, comments: 0 },
      viewer: { smiled: true, hummed: false, isAuthor: false, canHum: true },
    });
    expect(toggledReaction(broken, 'smile', false).counts.smiles).toBe(0);
  });

  it("takes the server's counts and marks after a toggle", () => {
    const optimistic = toggledReaction(postOf('p1'), 'smile', true);
    const settled = withReactionState(optimistic, {
      smiled: true,
      hummed: false,
      counts: { smiles: 7, hums: 1, vibes: 0, comments: 4 },
    });
    expect(settled.counts).toEqual({ smiles: 7, hums: 1, vibes: 0, comments: 4 });
    expect(settled.viewer).toEqual({ smiled: true, hummed: false, isAuthor: false, canHum: true });
  });

  it('puts counts and marks back as they were when the server refuses', () => {
    const before = postOf('p1');
    const optimistic = toggledReaction(toggledReaction(before, 'smile', true), 'hum', true);
    const rolledBack = restoredReaction(optimistic, before);
    expect(rolledBack.counts).toEqual(before.counts);
    expect(rolledBack.viewer).toEqual(before.viewer);
  });
});

describe('posts leaving the lists', () => {
  it("removes a deleted post from every page, and a blocked author's and hummed-by posts", () => {
    const hummedByBlocked = postOf('p3', 'friend', {
      hummedBy: {
        id: 'blocked',
        username: 'blocked',
        displayName: 'B',
        profilePictureUrl: null,
        isFounder: false,
      },
    });
    const feed = pagesOf([postOf('p1', 'blocked'), postOf('p2', 'friend')], [hummedByBlocked]);
    const afterDelete = withoutPosts(feed, (p) => p.id === 'p2') as typeof feed;
    expect(afterDelete.pages.map((page) => page.items.map((p) => p.id))).toEqual([['p1'], ['p3']]);
    expect(afterDelete.pages[1]).toBe(feed.pages[1]);

    const afterBlock = withoutPosts(
      feed,
      (p) => p.author.id === 'blocked' || p.hummedBy?.id === 'blocked',
    ) as typeof feed;
    expect(afterBlock.pages.map((page) => page.items.map((p) => p.id))).toEqual([['p2'], []]);
    // A post standing alone (its own page's query) is left to that page to handle.
    const alone = postOf('p1');
    expect(withoutPosts(alone, () => true)).toBe(alone);
  });
});
