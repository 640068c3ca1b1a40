import { postPage, type Post } from '@doers/contract';
import { describe, expect, it } from 'vitest';
import { checkedPostPage } from './checked-page';

const AUTHOR = '3f0c6a52-8d0e-4a8e-9a41-5b8a1c2d3e4f';

function postOf(index: number): Post {
  const id = `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`;
  const at = new Date(Date.UTC(2026, 10, 23, 10, index)).toISOString();
  return {
    id,
    author: {
      id: AUTHOR,
      username: 'ada',
      displayName: 'Ada',
      profilePictureUrl: null,
      isFounder: false,
      colorTheme: '#4A90E2',
      haloIntensity: 0.5,
    },
    quest: null,
    visibility: 'public',
    voice: {
      id: `10000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
      kind: 'voice',
      purpose: 'post',
      contentType: 'audio/mp4',
      url: `/api/media/${id}`,
      thumbnailUrl: null,
      posterUrl: null,
      size: 100,
      durationMs: 2000,
      waveform: [0.1, 0.5],
      width: null,
      height: null,
      transcript: null,
      createdAt: at,
    },
    attachment: null,
    counts: { smiles: 2, hums: 1, vibes: 0, comments: 0 },
    viewer: { smiled: false, hummed: false, isAuthor: false, canHum: true },
    hummedBy: null,
    createdAt: at,
  };
}

/** A page as the server sends it: JSON, with whatever extra the server may add. */
const pageOf = (count: number, extra: Record<string, unknown> = {}) =>
  JSON.parse(
    JSON.stringify({
      items: Array.from({ length: count }, (_, i) => postOf(i)),
      nextCursor: 'c1',
      ...extra,
    }),
  ) as { items: Record<string, unknown>[]; nextCursor: unknown };

describe('checkedPostPage', () => {
  it('gives what checking the whole page at once gives, for a page longer than a task', async () => {
    const raw = pageOf(11, { unknownField: true });
    expect(await checkedPostPage(raw)).toEqual(postPage.parse(raw));
    expect((await checkedPostPage(raw))?.items).toHaveLength(11);
  });

  it('keeps an empty page', async () => {
    expect(await checkedPostPage({ items: [], nextCursor: null })).toEqual({
      items: [],
      nextCursor: null,
    });
  });

  it('refuses a page whose last post is not as the contract says', async () => {
    const raw = pageOf(9);
    raw.items[8]!['id'] = 42;
    expect(postPage.safeParse(raw).success).toBe(false);
    expect(await checkedPostPage(raw)).toBeNull();
  });

  it('refuses what is not a page', async () => {
    expect(await checkedPostPage(null)).toBeNull();
    expect(await checkedPostPage({ items: 'none', nextCursor: null })).toBeNull();
    expect(await checkedPostPage({ ...pageOf(2), nextCursor: 7 })).toBeNull();
    expect(await checkedPostPage([postOf(1)])).toBeNull();
  });
});
