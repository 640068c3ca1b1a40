import * as contract from '@doers/contract';
import type { AnyEndpoint } from '@doers/contract';
import type { FastifyInstance } from 'fastify';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { systemClock } from '../src/platform/clock.js';
import { loadConfig } from '../src/platform/config.js';
import { openRuntime, type Runtime } from '../src/runtime.js';
import { pgliteTemplate } from './support/pglite-template.js';

/** Every `<module>Api` group the contract exports, flattened to its endpoints. */
function declaredEndpoints(): Array<{ name: string; endpoint: AnyEndpoint }> {
  return Object.entries(contract)
    .filter(([name]) => name.endsWith('Api'))
    .flatMap(([group, endpoints]) =>
      Object.entries(endpoints as Record<string, AnyEndpoint>).map(([name, endpoint]) => ({
        name: `${group}.${name}`,
        endpoint,
      })),
    );
}

let app: FastifyInstance;
let runtime: Runtime;
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'doers-contract-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'false' });
  const template = await pgliteTemplate();
  runtime = await openRuntime(config, pino({ level: 'silent' }), {
    inMemory: true,
    ...(template ? { template } : {}),
  });
  app = await buildApp({ config, ...runtime, clock: systemClock, version: 'test' });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await runtime.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('the contract and the server', () => {
  it('serve every declared endpoint, at its declared method and path', () => {
    const endpoints = declaredEndpoints();
    const missing = endpoints
      .filter(
        ({ endpoint }) => !app.hasRoute({ method: endpoint.method, url: `/api${endpoint.path}` }),
      )
      .map(({ name, endpoint }) => `${name} (${endpoint.method} ${endpoint.path})`);
    expect(missing).toEqual([]);
    expect(endpoints.length).toBeGreaterThan(30);
  });
});
