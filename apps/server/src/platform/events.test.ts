import { describe, expect, it } from 'vitest';
import { EventBus } from './events.js';

const vibe = { vibeId: 'v1', senderId: 'a', targetUserId: 'b', reason: 'proud', postId: null };

describe('EventBus', () => {
  it('delivers an event to each subscriber in the order they subscribed', async () => {
    const bus = new EventBus({ error: () => {} });
    const seen: string[] = [];
    bus.subscribe('vibe.sent', (e) => void seen.push(`first ${e.vibeId}`));
    bus.subscribe('vibe.sent', async (e) => void seen.push(`second ${e.reason}`));
    bus.subscribe('quest.created', () => void seen.push('not this one'));
    await bus.publish('vibe.sent', vibe);
    expect(seen).toEqual(['first v1', 'second proud']);
  });

  it('logs a failing subscriber and still runs the others; publishing never throws', async () => {
    const logged: object[] = [];
    const bus = new EventBus({ error: (details) => void logged.push(details) });
    const seen: string[] = [];
    bus.subscribe('vibe.sent', () => {
      throw new Error('push service down');
    });
    bus.subscribe('vibe.sent', () => void seen.push('still delivered'));
    await expect(bus.publish('vibe.sent', vibe)).resolves.toBeUndefined();
    expect(seen).toEqual(['still delivered']);
    expect(logged).toMatchObject([{ event: 'vibe.sent', err: { message: 'push service down' } }]);
  });
});
