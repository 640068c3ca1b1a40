import type { AuthResponse, SearchResults } from '@doers/contract';
import { describe, expect, it } from 'vitest';
import { postsServer } from '../../../../test/support/posts.js';
import { transcriptQuery } from './search.repository.js';

describe('search finds public posts by the words of their transcripts', () => {
  const s = postsServer();
  const search = async (viewer: AuthResponse, q: string): Promise<string[]> => {
    const res = await s.kit.call<SearchResults>(
      'GET',
      `/search?${new URLSearchParams({ q })}`,
      viewer,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.posts.map((p) => p.id);
  };

  it('matches every word typed, the last as it is being typed, and never a vibers-only post', async () => {
    const { kit } = s;
    const [author, viber, stranger] = [await kit.person(), await kit.person(), await kit.person()];
    await kit.mutual(author, viber);
    const swim = await kit.post(author, { transcript: 'Morning swim in the cold lake' });
    const later = await kit.post(author, { transcript: 'Another swim, colder still' });
    const secret = await kit.post(author, {
      visibility: 'vibers',
      transcript: 'Secret swim plans for Sunday',
    });

    expect(await search(stranger, 'swim')).toEqual([later.id, swim.id]);
    expect(await search(stranger, 'LAKE morning')).toEqual([swim.id]);
    expect(await search(stranger, 'cold')).toEqual([later.id, swim.id]);
    expect(await search(stranger, 'cold la')).toEqual([swim.id]);
    const found = await s.kit.call<SearchResults>('GET', '/search?q=lake', stranger);
    expect(found.body.posts[0]!.voice.transcript?.text).toBe('Morning swim in the cold lake');
    // Vibers-only words are found by nobody's search, the author's vibers' included.
    for (const viewer of [stranger, viber]) {
      expect(await search(viewer, 'secret')).toEqual([]);
      expect(await search(viewer, 'swim')).not.toContain(secret.id);
    }
    expect(await search(stranger, 'swimming')).toEqual([]);
    expect(await search(stranger, '&|!:*')).toEqual([]);
    // Blocked either way: none of their posts.
    await kit.block(author, stranger);
    expect(await search(stranger, 'swim')).toEqual([]);
  });

  it('keeps only letters and digits of the words, so the query syntax never reaches the database', () => {
    expect(transcriptQuery("Don't stop: 5km!")).toBe('don & t & stop & 5km:*');
    expect(transcriptQuery('  & | ! ( ) :* ')).toBeNull();
    expect(transcriptQuery('Ça va')).toBe('ça & va:*');
  });
});
