import type { AuthResponse, SearchResults } from '@doers/contract';
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, registerFounder, vibe } from '../../../../test/support/people.js';
import { createQuest } from '../../../../test/support/quests.js';
import { startTestServer, type TestServer } from '../../../../test/support/test-server.js';

/** Letters only, so that a tag never turns up inside another test's hex names. */
function tag(length = 6): string {
  return Array.from({ length }, () => 'abcdefghijklmnopqrstuvwxyz'[randomInt(26)]).join('');
}

describe('search as one types: people, quests, interests', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_FACTOR: '50' });
  });
  afterAll(() => server.close());

  async function person(username: string, displayName?: string): Promise<AuthResponse> {
    const { auth } = await registerFounder(server, { username });
    if (displayName) {
      const res = await server.request('PATCH', '/api/users/me/profile', {
        ...as(auth),
        body: { displayName },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    return auth;
  }

  async function search(viewer: AuthResponse, q: string, limit?: number) {
    const query = new URLSearchParams({ q, ...(limit ? { limit: String(limit) } : {}) });
    const res = await server.request<SearchResults>('GET', `/api/search?${query}`, as(viewer));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  }
  const usernames = (r: SearchResults) => r.people.map((p) => p.username);
  const titles = (r: SearchResults) => r.quests.map((q) => q.title);

  it('ranks the exact username first, then username prefixes, name words, then contains', async () => {
    const t = tag();
    const exact = await person(t);
    const prefix = await person(`${t}_runner`);
    const inside = await person(`zz_${t}`);
    const named = await person(`p_${tag()}`, `Maria ${t.toUpperCase()}`);
    const viewer = await person(`v_${tag()}`);

    const found = await search(viewer, t);
    expect(usernames(found)).toEqual([
      exact.user.username,
      prefix.user.username,
      named.user.username,
      inside.user.username,
    ]);
    // Case does not matter, and the same search gives the same order again.
    expect(usernames(await search(viewer, t.toUpperCase()))).toEqual(usernames(found));
    expect(found.people[0]).toEqual({
      id: exact.user.id,
      username: t,
      displayName: t,
      profilePictureUrl: null,
      isFounder: true,
    });
    // A prefix of the username as it is being typed.
    expect(usernames(await search(viewer, t.slice(0, 4)))).toContain(prefix.user.username);
  });

  it('finds people by display name, and by a misspelt one', async () => {
    const t = tag();
    const gwen = await person(`g_${tag()}`, `Gwendolyn ${t}`);
    const viewer = await person(`v_${tag()}`);
    expect(usernames(await search(viewer, `gwendolyn ${t}`))).toEqual([gwen.user.username]);
    expect(usernames(await search(viewer, 'gwendolin'))).toContain(gwen.user.username);
    expect(usernames(await search(viewer, `zzz${t}qqq`))).toEqual([]);
  });

  it('reads % and _ as themselves, not as wildcards', async () => {
    const t = tag();
    // As wildcards, `${t}_y` and `${t}%y` would be prefixes of this username and rank it first.
    const wildcardMatch = await person(`${t}xyz`);
    const underscore = await person(`u_${tag()}`, `Zed ${t}_yes`);
    const percent = await person(`p_${tag()}`, `Zed ${t}%yes`);
    const viewer = await person(`v_${tag()}`);

    const byUnderscore = usernames(await search(viewer, `${t}_y`));
    expect(byUnderscore[0]).toBe(underscore.user.username);
    const byPercent = usernames(await search(viewer, `${t}%y`));
    expect(byPercent[0]).toBe(percent.user.username);
    expect(usernames(await search(viewer, `${t}xy`))[0]).toBe(wildcardMatch.user.username);
  });

  it('leaves out people blocked either way, and accounts that are not active', async () => {
    const t = tag();
    const blocker = await person(`${t}_blocker`);
    const blocked = await person(`${t}_blocked`);
    const gone = await person(`${t}_gone`);
    const viewer = await person(`${t}_viewer`);
    const res = await server.request('PUT', `/api/users/${blocked.user.id}/block`, as(blocker));
    expect(res.status, JSON.stringify(res.body)).toBe(204);
    await server.db.query(`UPDATE users SET status = 'Suspended' WHERE id = $1`, [gone.user.id]);

    expect(usernames(await search(blocker, t))).not.toContain(blocked.user.username);
    expect(usernames(await search(blocked, t))).not.toContain(blocker.user.username);
    expect(usernames(await search(viewer, t)).sort()).toEqual(
      [blocker.user.username, blocked.user.username, viewer.user.username].sort(),
    );
  });

  it('finds quests by title and description, only those the viewer may see', async () => {
    const t = tag();
    const owner = await person(`o_${tag()}`);
    const friend = await person(`f_${tag()}`);
    const stranger = await person(`s_${tag()}`);
    // A supporter's room for several quests at once.
    await server.db.query('UPDATE users SET limit_quests = 10 WHERE id = $1', [owner.user.id]);
    await vibe(server, owner, friend);
    await vibe(server, friend, owner);
    await createQuest(server, owner, { title: `Learn ${t} guitar`, visibility: 'public' });
    await createQuest(server, owner, { title: `${t} with friends`, visibility: 'vibers' });
    await createQuest(server, owner, { title: `Secret ${t} plan`, visibility: 'private' });
    await createQuest(server, owner, {
      title: 'Morning pages',
      description: `Three pages about ${t} each day`,
      visibility: 'public',
    });

    // Title prefix first, then a word of the title, then the description.
    expect(titles(await search(owner, t))).toEqual([
      `${t} with friends`,
      `Learn ${t} guitar`,
      `Secret ${t} plan`,
      'Morning pages',
    ]);
    expect(titles(await search(friend, t))).toEqual([
      `${t} with friends`,
      `Learn ${t} guitar`,
      'Morning pages',
    ]);
    const seen = await search(stranger, t);
    expect(titles(seen)).toEqual([`Learn ${t} guitar`, 'Morning pages']);
    expect(seen.quests[0]).toMatchObject({
      emoji: '🏃',
      category: 'fitness',
      participantCount: 1,
      owner: { id: owner.user.id, username: owner.user.username },
    });

    // The owner's quests disappear for someone they block.
    await server.request('PUT', `/api/users/${stranger.user.id}/block`, as(owner));
    expect(titles(await search(stranger, t))).toEqual([]);
  });

  it('finds interests by label, word starts first', async () => {
    const viewer = await person(`v_${tag()}`);
    expect((await search(viewer, 'yog')).interests).toEqual([
      { id: 'yoga', label: 'Yoga', emoji: '🧘' },
    ]);
    expect((await search(viewer, 'EAT')).interests.map((i) => i.id)).toEqual(['nutrition']);
    expect((await search(viewer, 'ing', 3)).interests).toHaveLength(3);
  });

  it('refuses an empty or overlong search with a sentence', async () => {
    const viewer = await person(`v_${tag()}`);
    const empty = await server.request<{ message: string }>('GET', '/api/search?q=%20', as(viewer));
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain('Type something to search for');
    const long = await server.request('GET', `/api/search?q=${'a'.repeat(101)}`, as(viewer));
    expect(long.status).toBe(400);
  });
});
