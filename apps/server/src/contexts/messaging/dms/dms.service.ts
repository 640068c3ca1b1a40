import { randomUUID } from 'node:crypto';
import type {
  Conversation,
  ConversationPage,
  DmMessage,
  DmMessagePage,
  DmSettings,
  SendDmRequest,
} from '@doers/contract';
import type { Database, Queryable } from '../../../db/database.js';
import type { Clock } from '../../../platform/clock.js';
import { badRequest, forbidden, notFound } from '../../../platform/errors.js';
import type { EventBus } from '../../../platform/events.js';
import { decodeCursor, page } from '../../../platform/pagination.js';
import type { BlocksService } from '../../people/index.js';
import type { MediaService, TranscriptsService } from '../../media/index.js';
import { cannotSendReason } from './dm-rules.js';
import { presentConversation, presentMessage } from './dm.presenter.js';
import type { DmsRepository } from './dms.repository.js';
import type { Shown } from '../../media/index.js';

type PageQuery = { cursor?: string | undefined; limit: number };

const NOT_FOUND = 'Conversation not found';

/**
 * Voice direct messages (docs/product/messages.md): one conversation per pair, voice messages of
 * at most the sender's dmDuration (the media module enforces it at upload), who may message whom
 * (dm-rules.ts), read and listened marks, and deleting one's own message with its audio.
 */
export class DmsService {
  constructor(
    private readonly deps: {
      db: Database;
      dms: DmsRepository;
      media: MediaService;
      transcripts: TranscriptsService;
      blocks: BlocksService;
      events: EventBus;
      clock: Clock;
    },
  ) {}

  async conversations(viewerId: string, query: PageQuery): Promise<ConversationPage> {
    const rows = await this.deps.dms.list(viewerId, decodeCursor(query.cursor), query.limit);
    const { items, nextCursor } = page(rows, query.limit, (r) => ({
      at: r.last_message_at ?? r.created_at,
      id: r.id,
    }));
    return { items: items.map((r) => presentConversation(r, viewerId)), nextCursor };
  }

  async get(viewerId: string, conversationId: string): Promise<Conversation> {
    const row = await this.deps.dms.one(conversationId, viewerId);
    if (!row) throw notFound(NOT_FOUND);
    return presentConversation(row, viewerId);
  }

  /**
   * The conversation with a person, made when there is none and the viewer may message them.
   * One that exists is returned even when sending is no longer allowed: its history stays
   * readable, and `canSend` says why not.
   */
  async open(viewerId: string, otherId: string): Promise<Conversation> {
    if (otherId === viewerId) throw badRequest("You can't message yourself");
    let id = await this.deps.dms.between(viewerId, otherId);
    if (!id) {
      const facts = await this.deps.dms.facts(viewerId, otherId);
      if (!facts || facts.other_status === 'Deleted') throw notFound('User not found');
      const reason = cannotSendReason(facts);
      if (reason) throw forbidden(reason);
      id = await this.deps.db.transaction((tx) =>
        this.deps.dms.create(tx, {
          id: randomUUID(),
          a: viewerId,
          b: otherId,
          at: this.deps.clock.now(),
        }),
      );
    }
    return this.get(viewerId, id);
  }

  async messages(
    viewerId: string,
    conversationId: string,
    query: PageQuery,
  ): Promise<DmMessagePage> {
    const rows = await this.deps.dms.messages(
      conversationId,
      viewerId,
      decodeCursor(query.cursor),
      query.limit,
    );
    if (!rows) throw notFound(NOT_FOUND);
    const { items, nextCursor } = page(rows, query.limit, (r) => ({ at: r.created_at, id: r.id }));
    return { items: items.map((r) => this.#present(r, viewerId)), nextCursor };
  }

  async send(senderId: string, conversationId: string, input: SendDmRequest): Promise<DmMessage> {
    const id = randomUUID();
    const row = await this.deps.db.transaction(async (tx) => {
      const recipientId = await this.deps.dms.otherOf(tx, conversationId, senderId);
      if (!recipientId) throw notFound(NOT_FOUND);
      // The pair stays held until the message commits: no block can slip in beside it.
      await this.deps.blocks.isBlockedEitherWayForWrite(tx, senderId, recipientId);
      const facts = await this.deps.dms.facts(senderId, recipientId, tx);
      const reason = facts ? cannotSendReason(facts) : NOT_FOUND;
      if (reason) throw forbidden(reason);
      const voice = await this.deps.media.attach(tx, {
        mediaId: input.voiceMediaId,
        ownerId: senderId,
        type: 'dm',
        attachedId: id,
        isPublic: false,
        purpose: 'dm',
        kinds: ['voice'],
      });
      await this.deps.transcripts.attached(tx, voice, input.transcript);
      await this.deps.dms.insertMessage(tx, {
        id,
        conversationId,
        senderId,
        voiceMediaId: input.voiceMediaId,
        at: this.deps.clock.now(),
      });
      await this.deps.events.record(tx, 'dm.sent', {
        messageId: id,
        conversationId,
        senderId,
        recipientId,
      });
      return (await this.deps.dms.message(id, senderId, tx))!;
    });
    return this.#present(row, senderId);
  }

  /** The viewer opened the conversation: everything in it so far is read. */
  async read(viewerId: string, conversationId: string): Promise<void> {
    const changed = await this.deps.dms.markRead(conversationId, viewerId);
    if (changed === undefined) throw notFound(NOT_FOUND);
    if (changed) await this.deps.events.publish('dm.read', { conversationId, userId: viewerId });
  }

  /** The recipient played a message; the first time marks it listened for its sender. */
  async listened(viewerId: string, conversationId: string, messageId: string): Promise<DmMessage> {
    const at = this.deps.clock.now();
    const facts = await this.deps.db.transaction(async (tx) => {
      const facts = await this.deps.dms.lockMessage(tx, conversationId, messageId, viewerId);
      if (!facts) throw notFound('Message not found');
      if (facts.sender_id === viewerId) {
        throw badRequest('Only the person a message was sent to can mark it listened');
      }
      if (!facts.listened_at) await this.deps.dms.markListened(tx, messageId, at);
      return facts;
    });
    if (!facts.listened_at) {
      await this.deps.events.publish('dm.listened', {
        messageId,
        conversationId,
        senderId: facts.sender_id,
        listenerId: viewerId,
        listenedAt: at.toISOString(),
      });
    }
    return (await this.messageFor(viewerId, messageId))!;
  }

  /** Its sender deletes a message; its audio goes for both people once committed. */
  async remove(viewerId: string, conversationId: string, messageId: string): Promise<void> {
    const { removeFile, recipientId } = await this.deps.db.transaction(async (tx) => {
      const facts = await this.deps.dms.lockMessage(tx, conversationId, messageId, viewerId);
      if (!facts) throw notFound('Message not found');
      if (facts.sender_id !== viewerId) throw forbidden('You can only delete your own messages');
      const removeFile = await this.deps.media.detachAndRemove(tx, 'dm', messageId);
      await this.deps.dms.deleteMessage(tx, conversationId, messageId);
      return { removeFile, recipientId: facts.other_id };
    });
    await removeFile();
    await this.deps.events.publish('dm.deleted', {
      messageId,
      conversationId,
      senderId: viewerId,
      recipientId,
    });
  }

  /** A message as `viewerId` sees it (the realtime stream sends it to both people); null if not theirs. */
  async messageFor(viewerId: string, messageId: string): Promise<DmMessage | null> {
    const row = await this.deps.dms.message(messageId, viewerId);
    return row ? this.#present(row, viewerId) : null;
  }

  /** How many conversations hold a message the person has not opened (unreadDMs). */
  unreadConversations(userId: string): Promise<number> {
    return this.deps.dms.unreadConversations(userId);
  }

  /** The rule of a message's voice file: the two people of its conversation. */
  mayViewMedia(viewerId: string, messageId: string): Promise<boolean> {
    return this.deps.dms.mayHear(messageId, viewerId);
  }

  /** A message is for its two people; once hidden, for nobody, whatever link they were given. */
  async shownAs(messageId: string): Promise<Shown> {
    return (await this.deps.dms.shown(messageId)) ? 'restricted' : 'gone';
  }

  async settings(userId: string): Promise<DmSettings> {
    const permission = await this.deps.dms.permissionOf(userId);
    if (!permission) throw notFound('User not found');
    return { whoCanMessage: permission };
  }

  async updateSettings(userId: string, input: DmSettings): Promise<DmSettings> {
    await this.deps.dms.setPermission(userId, input.whoCanMessage);
    return { whoCanMessage: input.whoCanMessage };
  }

  #present(row: Parameters<typeof presentMessage>[0], viewerId: string): DmMessage {
    return presentMessage(row, viewerId, (m) => this.deps.media.present(m));
  }

  /** A person is being erased: their conversations go, with everyone's messages in them. */
  eraseConversations(tx: Queryable, ids: string[]): Promise<void> {
    return this.deps.dms.deleteConversations(tx, ids);
  }
}
