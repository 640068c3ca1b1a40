import Fastify, { type FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoint } from '@doers/contract';
import { installErrorHandling, unauthorized } from '../src/platform/errors.js';
import { systemClock } from '../src/platform/clock.js';
import { createRouter } from '../src/platform/router.js';
import { registerFounder } from './support/people.js';
import { startTestServer, type TestServer } from './support/test-server.js';

const item = z.object({ id: z.string(), n: z.number().int() });
const api = {
  get: endpoint({
    method: 'GET',
    path: '/items/:id',
    access: 'optional',
    params: z.object({ id: z.uuid('Not a valid item id') }),
    query: z.object({ n: z.coerce.number().int().default(1) }),
    response: item,
  }),
  create: endpoint({
    method: 'POST',
    path: '/items',
    access: 'signed-in',
    body: z.object({ n: z.number().int() }),
    response: item,
    status: 201,
    idempotent: true,
  }),
  remove: endpoint({ method: 'DELETE', path: '/items/:id', access: 'public', response: null }),
  broken: endpoint({ method: 'GET', path: '/broken', access: 'public', response: item }),
};

const ID = '6f1c1b5e-3f3c-4a52-9d5e-1c2b3a4d5e6f';
let server: TestServer;
let userId: string;
let created = 0;
const app = Fastify();

beforeAll(async () => {
  // The real database of a test server, for the Idempotency-Key table and its account.
  server = await startTestServer();
  userId = (await registerFounder(server)).auth.user.id;
  installErrorHandling(app);
  app.decorateRequest('auth', null);
  const signIn = async (request: FastifyRequest) => {
    if (request.headers.authorization !== 'Bearer ok') return null;
    return { userId, deviceId: 'd', sessionId: 's', zone: 'UTC', dayStartHour: 0 };
  };
  const route = createRouter(app, {
    db: server.db,
    clock: systemClock,
    checkResponses: true,
    authenticate: async (request) => {
      request.auth = await signIn(request);
      if (!request.auth) throw unauthorized();
    },
    identifyIfPossible: async (request) => {
      request.auth = await signIn(request);
    },
  });
  route(api.get, ({ params, query, auth }) => ({
    id: params.id,
    n: auth ? query.n * 10 : query.n,
  }));
  route(api.create, ({ body }) => {
    created += 1;
    return { id: `item-${created}`, n: body.n };
  });
  route(api.remove, () => undefined);
  // Answers a shape the contract does not allow: tests must catch that drift.
  route(api.broken, () => ({ id: 'x' }) as unknown as z.input<typeof item>);
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await server.close();
});

describe('routes registered from contract declarations', () => {
  it('parse params and query with the declared schemas', async () => {
    const res = await app.inject({ url: `/items/${ID}?n=3` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: ID, n: 3 });
  });

  it('name the bad field when the input does not fit', async () => {
    const res = await app.inject({ url: '/items/nope' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'id: Not a valid item id' });
  });

  it('give an optional endpoint the caller when there is one', async () => {
    const res = await app.inject({
      url: `/items/${ID}?n=3`,
      headers: { authorization: 'Bearer ok' },
    });
    expect(res.json()).toEqual({ id: ID, n: 30 });
  });

  it('refuse a signed-in endpoint without a session', async () => {
    const res = await app.inject({ method: 'POST', url: '/items', payload: { n: 1 } });
    expect(res.statusCode).toBe(401);
  });

  it('answer the declared status and replay an Idempotency-Key once', async () => {
    const send = () =>
      app.inject({
        method: 'POST',
        url: '/items',
        payload: { n: 5 },
        headers: { authorization: 'Bearer ok', 'idempotency-key': 'k-1' },
      });
    const first = await send();
    const again = await send();
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(created).toBe(1);
  });

  it('answer 204 with no body when the endpoint declares no response', async () => {
    const res = await app.inject({ method: 'DELETE', url: `/items/${ID}` });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
  });

  it('catch an answer that breaks the contract when responses are checked', async () => {
    const res = await app.inject({ url: '/broken' });
    expect(res.statusCode).toBe(500);
  });
});
