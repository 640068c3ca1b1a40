import { describe, expect, it } from 'vitest';
import { notificationText } from './notification-text.js';
import type { NotificationView } from './notifications.js';

const person = (name: string) => ({
  id: `id-${name}`,
  username: name,
  displayName: name,
  profilePictureUrl: null,
  isFounder: false,
});

const base = { id: 'n1', read: false, createdAt: '2026-05-01T10:00:00.000Z' };

describe('notificationText', () => {
  it('folds several people into one sentence', () => {
    const view: NotificationView = {
      ...base,
      type: 'smile',
      data: { postId: 'p1' },
      actors: [person('maya'), person('sam')],
      actorCount: 4,
    };
    expect(notificationText(view)).toEqual({
      title: 'New smile',
      body: 'maya and 3 others smiled at your post',
      url: '/posts/p1',
    });
  });

  it('names two people, or one, and says why a single vibe came', () => {
    const two: NotificationView = {
      ...base,
      type: 'quest_joined',
      data: { questId: 'q1' },
      actors: [person('maya'), person('sam')],
      actorCount: 2,
    };
    expect(notificationText(two).body).toBe('maya and sam joined your quest');
    const vibe: NotificationView = {
      ...base,
      type: 'vibe',
      data: { vibeId: 'v1', reason: 'proud' },
      actors: [person('maya')],
      actorCount: 1,
    };
    expect(notificationText(vibe).body).toBe('maya sent you a vibe (proud)');
  });

  it("opens the app's own screen for the app's own reminders", () => {
    const reminder: NotificationView = {
      ...base,
      type: 'streak_reminder',
      data: { day: '2026-05-01', questIds: ['q1', 'q2'] },
      actors: [],
      actorCount: 0,
    };
    expect(notificationText(reminder)).toEqual({
      title: 'Keep your streak alive',
      body: "You haven't checked in today on 2 quests.",
      url: '/quests',
    });
  });
});
