import type { NotificationPage, NotificationView } from '@doers/contract';
import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { notificationKeys } from '../notification-keys';
import { applyNotification, applyUnreadCounts } from './notification-cache';

const person = (name: string) => ({
  id: `id-${name}`,
  username: name,
  displayName: name,
  profilePictureUrl: null,
  isFounder: false,
});

const smile = (id: string, names: string[], createdAt: string): NotificationView => ({
  id,
  type: 'smile',
  data: { postId: 'p1' },
  actors: names.map(person),
  actorCount: names.length,
  read: false,
  createdAt,
});

const vibe = (id: string, createdAt: string): NotificationView => ({
  id,
  type: 'vibe',
  data: { vibeId: `v-${id}`, reason: 'proud' },
  actors: [person('leo')],
  actorCount: 1,
  read: true,
  createdAt,
});

function cached(pages: NotificationView[][]) {
  const client = new QueryClient();
  client.setQueryData<InfiniteData<NotificationPage, string | null>>(notificationKeys.list, {
    pages: pages.map((items) => ({ items, nextCursor: null })),
    pageParams: pages.map((_, i) => (i === 0 ? null : `c${i}`)),
  });
  const ids = () =>
    client
      .getQueryData<InfiniteData<NotificationPage>>(notificationKeys.list)!
      .pages.map((p) => p.items.map((v) => v.id));
  return { client, ids };
}

describe('the list cache the realtime stream writes into', () => {
  it('puts a new line on top, and a grown fold replaces its older line wherever it was', () => {
    const { client, ids } = cached([
      [vibe('n3', '2026-03-10T10:00:00Z')],
      [smile('n1', ['maya'], '2026-03-10T09:00:00Z')],
    ]);
    applyNotification(client, vibe('n4', '2026-03-10T11:00:00Z'));
    expect(ids()).toEqual([['n4', 'n3'], ['n1']]);
    applyNotification(client, smile('n5', ['sam', 'maya'], '2026-03-10T12:00:00Z'));
    expect(ids()).toEqual([['n5', 'n4', 'n3'], []]);
  });

  it('leaves a list that was never loaded alone, and takes the counts as given', () => {
    const client = new QueryClient();
    applyNotification(client, vibe('n1', '2026-03-10T10:00:00Z'));
    expect(client.getQueryData(notificationKeys.list)).toBeUndefined();
    const counts = { unreadNotifications: 3, unreadDMs: 1, unreadQuestRequests: 0 };
    applyUnreadCounts(client, counts);
    expect(client.getQueryData(notificationKeys.unreadCounts)).toEqual(counts);
  });
});
