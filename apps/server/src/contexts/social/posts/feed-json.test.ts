import { describe, expect, it } from 'vitest';
import { postPage, type Media, type Post, type PostPage } from '@doers/contract';
import { feedPageJson } from './feed-json.js';

const voice = (id: string): Media => ({
  id,
  kind: 'voice',
  purpose: 'post',
  contentType: 'audio/mp4',
  url: `/api/media/${id}`,
  thumbnailUrl: null,
  posterUrl: null,
  size: 1234,
  durationMs: 4000,
  waveform: null,
  width: null,
  height: null,
  transcript: null,
  createdAt: '2026-11-27T08:00:00.000Z',
});

const post = (id: string, displayName = 'Maya'): Post => ({
  id,
  author: {
    id: '5b1c8f0e-0000-4000-8000-000000000001',
    username: 'maya',
    displayName,
    profilePictureUrl: null,
    isFounder: true,
    colorTheme: 'orange',
    haloIntensity: 1,
  },
  quest: null,
  visibility: 'public',
  voice: voice(`m-${id}`),
  attachment: { ...voice(`p-${id}`), kind: 'photo', contentType: 'image/jpeg' },
  counts: { smiles: 1, hums: 0, vibes: 2, comments: 0 },
  viewer: { smiled: false, hummed: false, isAuthor: false, canHum: true },
  hummedBy: null,
  createdAt: '2026-11-27T08:00:00.000Z',
});

const [a, b] = ['0a7d0b7e-1111-4000-8000-00000000000a', '0a7d0b7e-2222-4000-8000-00000000000b'];

describe('a feed page as JSON with the peaks as PostgreSQL wrote them', () => {
  it('is the JSON of the page with each voice note’s peaks, and no peaks where it has none', () => {
    const page: PostPage = { items: [post(a), post(b)], nextCursor: 'next' };
    const json = feedPageJson(page, new Map([[a, '0.1,0.52,1,0']]));
    const parsed = postPage.parse(JSON.parse(json));
    expect(parsed.items[0]!.voice.waveform).toEqual([0.1, 0.52, 1, 0]);
    expect(parsed.items[1]!.voice.waveform).toBeNull();
    // Everything else as JSON.stringify writes it; a photo's waveform stays null.
    const expected = structuredClone(page);
    expected.items[0]!.voice.waveform = [0.1, 0.52, 1, 0];
    expect(json).toBe(JSON.stringify(expected));
    expect(page.items[0]!.voice.waveform).toBeNull();
  });

  it('reads every form PostgreSQL writes a real in', () => {
    const json = feedPageJson(
      { items: [post(a)], nextCursor: null },
      new Map([[a, '1e-05,-0,0.5,3.5e+38']]),
    );
    expect(postPage.parse(JSON.parse(json)).items[0]!.voice.waveform).toEqual([
      0.00001, -0, 0.5, 3.5e38,
    ]);
  });

  it('an empty waveform is an empty list', () => {
    const json = feedPageJson({ items: [post(a)], nextCursor: null }, new Map([[a, '']]));
    expect(postPage.parse(JSON.parse(json)).items[0]!.voice.waveform).toEqual([]);
  });

  it('leaves a person’s text that looks like the mark as it is', () => {
    const sly = `"waveform":"\u0000peaks:${a}"`;
    const page: PostPage = { items: [post(a, sly), post(b, `\u0000peaks:${b}`)], nextCursor: null };
    const parsed = postPage.parse(
      JSON.parse(
        feedPageJson(
          page,
          new Map([
            [a, '0.5'],
            [b, '0.25'],
          ]),
        ),
      ),
    );
    expect(parsed.items.map((p) => p.author.displayName)).toEqual([sly, `\u0000peaks:${b}`]);
    expect(parsed.items.map((p) => p.voice.waveform)).toEqual([[0.5], [0.25]]);
  });

  it('text that is not a list of JSON numbers is read as JSON would, and refused', () => {
    const page: PostPage = { items: [post(a)], nextCursor: null };
    expect(() => feedPageJson(page, new Map([[a, '0.5,NaN']]))).toThrow(SyntaxError);
    expect(() => feedPageJson(page, new Map([[a, '0.5],"x":[1']]))).toThrow(SyntaxError);
  });
});
