import pino from 'pino';
import { loadConfig } from '../platform/config.js';
import { openRuntime } from '../runtime.js';

// `npm run db:migrate`: the server migrates on start too; this is for deploy pipelines.
const config = loadConfig();
const runtime = await openRuntime(config, pino({ level: config.logLevel }));
await runtime.close();
