import { describe, expect, it } from 'vitest';
import { Metrics } from './metrics.js';

const valueOf = (text: string, name: string) =>
  Number(
    text
      .split('\n')
      .find((line) => line.startsWith(`${name} `))
      ?.split(' ')[1],
  );

describe('Metrics', () => {
  it('reads the outbox registered later on each scrape, 0 until then', async () => {
    const metrics = new Metrics({ processMetrics: false });
    let text = await metrics.text();
    expect(valueOf(text, 'doers_outbox_pending')).toBe(0);
    expect(valueOf(text, 'doers_outbox_lag_seconds')).toBe(0);

    let pending = 7;
    metrics.observeOutbox(async () => ({ pending, oldestAgeSeconds: 2.5 }));
    text = await metrics.text();
    expect(valueOf(text, 'doers_outbox_pending')).toBe(7);
    expect(valueOf(text, 'doers_outbox_lag_seconds')).toBe(2.5);
    pending = 0;
    expect(valueOf(await metrics.text(), 'doers_outbox_pending')).toBe(0);
  });

  it('still answers a scrape when one source fails (the database away)', async () => {
    const metrics = new Metrics({ processMetrics: false });
    metrics.observeJobQueue(() => Promise.reject(new Error('connection refused')));
    metrics.observeOpenStreams(() => 3);
    const text = await metrics.text();
    expect(valueOf(text, 'doers_event_streams_open')).toBe(3);
    expect(valueOf(text, 'doers_job_queue_depth')).toBe(0);
  });

  it('keeps each instance in its own registry: two apps in one process never collide', async () => {
    const [a, b] = [new Metrics({ processMetrics: true }), new Metrics({ processMetrics: true })];
    a.observeMediaQueue(() => ({ processing: 2, waiting: 5 }));
    a.queryTimed(0.002, false);
    expect(valueOf(await a.text(), 'doers_media_waiting')).toBe(5);
    expect(valueOf(await b.text(), 'doers_media_waiting')).toBe(0);
    expect(valueOf(await a.text(), 'doers_db_query_duration_seconds_count')).toBe(1);
    expect(valueOf(await b.text(), 'doers_db_query_duration_seconds_count')).toBe(0);
  });
});
