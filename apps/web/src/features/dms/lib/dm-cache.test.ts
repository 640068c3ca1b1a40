import type { Conversation, ConversationPage, DmMessage, DmMessagePage } from '@doers/contract';
import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { dmKeys } from '../dm-keys';
import { applyDmDeleted, applyDmListened, applyDmMessage, applyDmRead } from './dm-cache';

type Pages<T> = InfiniteData<T, string | null>;

function messageOf(id: string, conversationId: string, mine: boolean, at: string): DmMessage {
  return {
    id,
    conversationId,
    senderId: mine ? 'me' : 'them',
    mine,
    voice: {
      id: `voice-${id}`,
      kind: 'voice',
      purpose: 'dm',
      contentType: 'audio/mp4',
      url: `/api/media/voice-${id}`,
      thumbnailUrl: null,
      posterUrl: null,
      size: 100,
      durationMs: 3000,
      waveform: [0.2],
      width: null,
      height: null,
      transcript: null,
      createdAt: at,
    },
    createdAt: at,
    listenedAt: null,
  };
}

function conversationOf(id: string, at: string, unread = 0): Conversation {
  return {
    id,
    other: {
      id: `person-${id}`,
      username: `person_${id}`,
      displayName: 'Leo',
      profilePictureUrl: null,
      isFounder: false,
      colorTheme: '#4A90E2',
      haloIntensity: 0.5,
    },
    lastMessage: { id: `old-${id}`, mine: true, durationMs: 1000, createdAt: at, listenedAt: null },
    unread,
    canSend: true,
    cannotSendReason: null,
    updatedAt: at,
  };
}

const pages = <T>(items: T[]): Pages<{ items: T[]; nextCursor: string | null }> => ({
  pages: [{ items, nextCursor: null }],
  pageParams: [null],
});

function setUp() {
  const client = new QueryClient();
  client.setQueryData(
    dmKeys.list,
    pages([
      conversationOf('a', '2026-05-02T10:00:00.000Z'),
      conversationOf('b', '2026-05-01T10:00:00.000Z'),
    ]),
  );
  client.setQueryData(dmKeys.conversation('b'), conversationOf('b', '2026-05-01T10:00:00.000Z'));
  client.setQueryData(
    dmKeys.messages('b'),
    pages([messageOf('m1', 'b', true, '2026-05-01T10:00:00.000Z')]),
  );
  const list = () =>
    client.getQueryData<Pages<ConversationPage>>(dmKeys.list)!.pages.flatMap((p) => p.items);
  const thread = () =>
    client.getQueryData<Pages<DmMessagePage>>(dmKeys.messages('b'))!.pages.flatMap((p) => p.items);
  const detail = () => client.getQueryData<Conversation>(dmKeys.conversation('b'))!;
  return { client, list, thread, detail };
}

describe('the messages caches', () => {
  it('a message of theirs tops the list, joins the thread and counts unread, once', () => {
    const { client, list, thread, detail } = setUp();
    const arrived = messageOf('m2', 'b', false, '2026-05-03T10:00:00.000Z');
    applyDmMessage(client, arrived);
    applyDmMessage(client, arrived);
    expect(list().map((c) => [c.id, c.unread, c.lastMessage?.id])).toEqual([
      ['b', 1, 'm2'],
      ['a', 0, 'old-a'],
    ]);
    expect(list()[0]!.lastMessage).toMatchObject({ mine: false, durationMs: 3000 });
    expect(thread().map((m) => m.id)).toEqual(['m2', 'm1']);
    expect(detail()).toMatchObject({ unread: 1, updatedAt: arrived.createdAt });

    applyDmRead(client, 'b');
    expect(detail().unread).toBe(0);
    expect(list()[0]!.unread).toBe(0);
  });

  it('my own message moves the conversation up without making it unread', () => {
    const { client, list } = setUp();
    applyDmMessage(client, messageOf('m3', 'b', true, '2026-05-03T10:00:00.000Z'));
    expect(list().map((c) => [c.id, c.unread])).toEqual([
      ['b', 0],
      ['a', 0],
    ]);
  });

  it('a message of a conversation the list does not hold makes the list load again', async () => {
    const { client } = setUp();
    applyDmMessage(client, messageOf('x1', 'new', false, '2026-05-03T10:00:00.000Z'));
    expect(client.getQueryState(dmKeys.list)?.isInvalidated).toBe(true);
  });

  it('a listened mark reaches the thread and the list preview; a deletion leaves the thread', () => {
    const { client, list, thread } = setUp();
    client.setQueryData(
      dmKeys.list,
      pages([
        {
          ...conversationOf('b', '2026-05-01T10:00:00.000Z'),
          lastMessage: {
            id: 'm1',
            mine: true,
            durationMs: 3000,
            createdAt: '2026-05-01T10:00:00.000Z',
            listenedAt: null,
          },
        },
      ]),
    );
    const at = '2026-05-04T08:00:00.000Z';
    applyDmListened(client, { conversationId: 'b', messageId: 'm1', listenedAt: at });
    expect(thread()[0]!.listenedAt).toBe(at);
    expect(list()[0]!.lastMessage!.listenedAt).toBe(at);

    applyDmDeleted(client, { conversationId: 'b', messageId: 'm1' });
    expect(thread()).toEqual([]);
    expect(client.getQueryState(dmKeys.list)?.isInvalidated).toBe(true);
  });
});
