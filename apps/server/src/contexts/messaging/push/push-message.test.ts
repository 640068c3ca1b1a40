import type { NotificationView } from '@doers/contract';
import { describe, expect, it } from 'vitest';
import { pushMessageOf } from './push-message.js';

const dm: NotificationView = {
  id: '5f0c6f7e-1d7a-4d55-9a0b-3f2f4f0f9a11',
  type: 'dm',
  data: { conversationId: 'c1', messageId: 'm1' },
  actors: [
    { id: 'u1', username: 'maya', displayName: 'Maya', profilePictureUrl: null, isFounder: false },
  ],
  actorCount: 1,
  read: false,
  createdAt: '2026-11-28T09:00:00.000Z',
};

describe('pushMessageOf', () => {
  it('puts the first line of what was said under the sentence, when there is one', () => {
    expect(pushMessageOf({ ...dm, excerpt: 'Coffee after?' }).body).toBe(
      'Maya sent you a voice message\n“Coffee after?”',
    );
    expect(pushMessageOf(dm).body).toBe('Maya sent you a voice message');
  });
});
