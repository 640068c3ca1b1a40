import type { FastifyInstance } from 'fastify';
import type { Database } from './db/database.js';
import type { EventBus } from './platform/events.js';
import type { Metrics } from './platform/metrics.js';
import { Outbox } from './platform/outbox.js';
import { OutboxRepository } from './platform/outbox.repository.js';

/**
 * The transactional outbox (docs/decisions/0018-transactional-outbox.md): the events the bus
 * records are kept until every handler of theirs has run, swept from the server's start to its
 * close. The metrics read what waits and how long deliveries take; tests reach it as
 * `app.outbox`.
 */
export function openOutbox(
  app: FastifyInstance,
  d: { db: Database; events: EventBus; metrics: Metrics; hold: boolean },
): Outbox {
  const rows = new OutboxRepository(d.db);
  const outbox = new Outbox(rows, d.events, app.log, d.hold, d.metrics.outboxDelivered);
  d.events.useStore(outbox);
  d.metrics.observeOutbox(async () => {
    const { pending, oldest_seconds } = await rows.lag();
    return { pending, oldestAgeSeconds: oldest_seconds };
  });
  app.decorate('outbox', outbox);
  app.addHook('onReady', () => outbox.start());
  app.addHook('onClose', () => outbox.stop());
  return outbox;
}
