import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoint, pathFor, queryString } from './http.js';

const questPage = endpoint({
  method: 'GET',
  path: '/quests/:id/calendar',
  access: 'signed-in',
  params: z.object({ id: z.string() }),
  response: z.object({ ok: z.boolean() }),
});

describe('endpoint declarations', () => {
  it('answer 204 when they have no response body, 200 otherwise, unless told', () => {
    const leave = endpoint({ method: 'POST', path: '/x', access: 'public', response: null });
    const create = endpoint({
      method: 'POST',
      path: '/x',
      access: 'public',
      response: z.object({}),
      status: 201,
    });
    expect([leave.status, questPage.status, create.status]).toEqual([204, 200, 201]);
    expect(leave.idempotent).toBe(false);
  });

  it('fill path parameters, encoded', () => {
    expect(pathFor(questPage, { id: 'a b/c' })).toBe('/quests/a%20b%2Fc/calendar');
  });

  it('refuse to build a path with a parameter missing', () => {
    expect(() => pathFor(questPage, {})).toThrow('the path parameter "id" is missing');
  });

  it('leave empty query values out and encode the rest', () => {
    expect(queryString({ status: 'active', cursor: undefined, q: 'a&b', n: 0 })).toBe(
      '?status=active&q=a%26b&n=0',
    );
    expect(queryString({ cursor: '' })).toBe('');
    expect(queryString(undefined)).toBe('');
  });
});
