import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@doers/contract';
import { registerFounder } from './support/people.js';
import { startTestServer, type TestServer } from './support/test-server.js';

// PostgreSQL text cannot hold U+0000: such input used to reach a query and fail it with a 500
// (found by the security suite's fuzz test). It is refused as bad input, naming the field.
describe('the NUL character in input', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const nul = (field: string) => ({
    message: `${field}: must not contain the NUL character (U+0000)`,
    statusCode: 400,
    errors: [{ field, message: 'must not contain the NUL character (U+0000)' }],
  });

  it('is refused in the public forms that look people and codes up', async () => {
    const login = await server.request<ApiErrorBody>('POST', '/api/auth/login', {
      body: { email: 'a\u0000b', password: 'whatever1', device: { id: 'device-123' } },
    });
    const forgot = await server.request<ApiErrorBody>('POST', '/api/auth/forgot-password', {
      body: { email: '\u0000' },
    });
    const referral = await server.request<ApiErrorBody>('POST', '/api/auth/validate-referral', {
      body: { referralCode: 'AB\u0000CD' },
    });
    expect([login.body, forgot.body, referral.body]).toEqual([
      nul('email'),
      nul('email'),
      nul('referralCode'),
    ]);
  });

  it('is refused in nested fields, keys, query strings and path parameters', async () => {
    const { auth } = await registerFounder(server);
    const token = auth.tokens.accessToken;
    const task = await server.request<ApiErrorBody>('POST', '/api/quests', {
      token,
      body: { title: 'Read', category: 'learning', tasks: [{ title: 'page\u0000one' }] },
    });
    const key = await server.request<ApiErrorBody>('POST', '/api/quests', {
      token,
      body: { title: 'Read', category: 'learning', ['x\u0000']: 1 },
    });
    const query = await server.request<ApiErrorBody>('GET', '/api/quests?cursor=a%00b', { token });
    const param = await server.request<ApiErrorBody>('GET', '/api/quests/a%00b', { token });
    expect([task.status, key.status, query.status, param.status]).toEqual([400, 400, 400, 400]);
    expect(task.body.errors).toEqual([
      { field: 'tasks.0.title', message: 'must not contain the NUL character (U+0000)' },
    ]);
    expect(key.body.errors?.[0]?.field).toBe('x\\u0000');
    expect(query.body.errors?.[0]?.field).toBe('cursor');
    expect(param.body.errors?.[0]?.field).toBe('id');
  });
});
