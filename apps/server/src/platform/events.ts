import { randomUUID } from 'node:crypto';
import type { NotificationType } from '@doers/contract';
import type { Queryable } from '../db/database.js';

/**
 * Domain events: what happened, recorded by the service that made it happen in the transaction
 * of its change (or published after it, for hints). Who listens is wired in app-events.ts.
 * Every event and its payload is declared here, once.
 */
export type DomainEvents = {
  'checkIn.recorded': {
    checkInId: string;
    questId: string;
    userId: string;
    day: string;
    late: boolean;
  };
  'checkIn.undone': { checkInId: string; questId: string; userId: string; day: string };
  'quest.created': { questId: string; ownerId: string };
  'quest.joined': { questId: string; ownerId: string; userId: string };
  'questRequest.created': { requestId: string; questId: string; ownerId: string; userId: string };
  'questRequest.accepted': { requestId: string; questId: string; ownerId: string; userId: string };
  /** `postId`: the post it was sent from, when it was. */
  'vibe.sent': {
    vibeId: string;
    senderId: string;
    targetUserId: string;
    reason: string;
    postId: string | null;
  };
  /** `userId` began / ceased vibing with `targetId` (the follow relation). */
  'vibing.started': { userId: string; targetId: string };
  'vibing.ended': { userId: string; targetId: string };
  /** `readerIds`: whose feeds it entered, the author's included. */
  'post.created': { postId: string; authorId: string; readerIds: string[] };
  'post.smiled': { postId: string; authorId: string; userId: string };
  'post.hummed': { postId: string; authorId: string; userId: string };
  'comment.created': { commentId: string; postId: string; postAuthorId: string; userId: string };
  /** The team hid a post. */
  'post.hidden': { postId: string };
  'user.blocked': { blockerId: string; blockedId: string };
  /** What others see of a person changed: name, picture, halo, bio. */
  'profile.changed': { userId: string };
  'referral.joined': { referrerId: string; userId: string };
  'streak.milestoneReached': { userId: string; questId: string; days: number; day: string };
  'dm.sent': { messageId: string; conversationId: string; senderId: string; recipientId: string };
  /** `listenerId` played `senderId`'s message. */
  'dm.listened': {
    messageId: string;
    conversationId: string;
    senderId: string;
    listenerId: string;
    listenedAt: string;
  };
  'dm.deleted': {
    messageId: string;
    conversationId: string;
    senderId: string;
    recipientId: string;
  };
  /** `userId` opened the conversation: their unread count changed. */
  'dm.read': { conversationId: string; userId: string };
  /**
   * A notification row was written (or a fold grew) for `userId`. `inApp` false: the person
   * turned the list off for this type, so the row is for Web Push only and no line shows it.
   */
  'notification.created': {
    notificationId: string;
    userId: string;
    type: NotificationType;
    inApp: boolean;
    /** The person takes this type by push (their settings, read with the write). */
    push: boolean;
  };
  /** Some of `userId`'s notifications were marked read: their unread count changed. */
  'notifications.read': { userId: string };
  /** A report was handled: its reporter is told what came of it. */
  'report.resolved': { reportId: string; reporterId: string; outcome: string };
  /** The team hid `userId`'s content, warned or suspended them: they are told why. */
  'moderation.acted': {
    userId: string;
    action: 'hide' | 'warn' | 'suspend';
    targetType: 'post' | 'comment' | 'dm' | 'user';
    reason: string;
  };
  /**
   * An account was deactivated to be deleted, kept by signing back in, or erased: what is kept
   * in memory about who shows (feed pages, rankings) is read afresh.
   */
  'account.statusChanged': { userId: string };
  /** A voice note was attached without the device's words: the server's engine is asked. */
  'transcript.wanted': { mediaId: string };
  /** A voice note's transcript arrived or was corrected: what shows it is read afresh. */
  'transcript.changed': {
    mediaId: string;
    /** Whose voice it is: a post's author is told live. */
    speakerId: string;
    attachedType: string | null;
    attachedId: string | null;
  };
  /** A session ended (sign-out, revoked, password changed): its streams close. */
  'session.ended': { userId: string; sessionId: string };
};

export type EventName = keyof DomainEvents;
export type Subscriber<K extends EventName> = (payload: DomainEvents[K]) => Promise<void> | void;
/**
 * An event's delivery as a handler sees it: `id` is the same on every delivery of one event (its
 * outbox row), so that a handler can tell a second delivery from a new event.
 */
export type Delivery = { id: string };
export type Handler<K extends EventName> = (
  payload: DomainEvents[K],
  delivery: Delivery,
) => Promise<void> | void;

type ErrorLog = { error(details: object, message: string): void };

type HandlerEntry = { name: string; run: Handler<never> };

/** An event to deliver: written to the outbox (`id`), committed. */
export type Recorded = { id: string; name: EventName; payload: unknown; done: readonly string[] };

/** Where recorded events go (platform/outbox.ts); without one, they are published after commit. */
export interface EventStore {
  insert(q: Queryable, name: EventName, payload: unknown): Promise<string>;
  /** Delivers committed events in this instance now; resolves when their handlers have run. */
  deliver(events: Recorded[]): Promise<void>;
}

/**
 * A typed bus with two kinds of listeners:
 * - **subscribers** (`subscribe`): hints that may be lost with the process (a realtime "something
 *   changed", a cache to read again). They run once, in this instance, after the commit.
 * - **handlers** (`handle`): consequences a person would miss (a notification, a feed entry, a
 *   push). An event `record`ed in the transaction of its change is written to the outbox with it
 *   and its handlers run at least once: in this instance after the commit or, after a crash, in
 *   any (docs/decisions/0018-transactional-outbox.md). So each handler is idempotent by its
 *   `Delivery`.
 * `record` and `publish` resolve once what runs now has run, so a request's consequences are in
 * place when it answers; a failing listener is logged and never fails the request (what
 * happened has committed).
 */
export class EventBus {
  readonly #subscribers = new Map<EventName, Subscriber<never>[]>();
  readonly #handlers = new Map<EventName, HandlerEntry[]>();
  #store: EventStore | undefined;

  constructor(private readonly log: ErrorLog) {}

  /** Events recorded from now on go through `store` (app.ts). */
  useStore(store: EventStore): void {
    this.#store = store;
  }

  subscribe<K extends EventName>(name: K, subscriber: Subscriber<K>): void {
    const list = this.#subscribers.get(name) ?? [];
    list.push(subscriber as Subscriber<never>);
    this.#subscribers.set(name, list);
  }

  /** `handlerName` is kept with a delivery that failed halfway: never rename one lightly. */
  handle<K extends EventName>(name: K, handlerName: string, handler: Handler<K>): void {
    const list = this.#handlers.get(name) ?? [];
    if (list.some((h) => h.name === handlerName)) throw new Error(`${name}: ${handlerName} twice`);
    list.push({ name: handlerName, run: handler as Handler<never> });
    this.#handlers.set(name, list);
  }

  /**
   * Writes the event through `q`, the transaction of the change it describes; once that has
   * committed, its listeners run (the transaction's promise waits for them). Through `q` as a
   * plain database, the event is written alone: only for a change already committed.
   */
  async record<K extends EventName>(
    q: Queryable,
    name: K,
    payload: DomainEvents[K],
  ): Promise<void> {
    const store = this.#store;
    if (!store) {
      await onCommitAwaited(q, () => this.publish(name, payload));
      return;
    }
    const id = await store.insert(q, name, payload);
    await onCommitAwaited(q, () => store.deliver([{ id, name, payload, done: [] }]));
  }

  /** Events a repository wrote with its own statement (outbox.repository.ts), now committed. */
  async deliver(events: Recorded[]): Promise<void> {
    if (events.length === 0) return;
    if (this.#store) await this.#store.deliver(events);
    else for (const e of events) await this.#dispatch(e, { id: e.id }, true);
  }

  /** Not kept: the listeners run now, in this instance (an event nobody would miss). */
  async publish<K extends EventName>(name: K, payload: DomainEvents[K]): Promise<void> {
    await this.#dispatch({ name, payload, done: [] }, { id: `unrecorded:${randomUUID()}` }, true);
  }

  /**
   * Runs an event's handlers not yet `done`, and with `subscribers` its subscribers first (a
   * delivery right after the commit; a sweep's runs only what is left). Answers the handlers done
   * after it, and whether any failed.
   */
  run(
    event: Omit<Recorded, 'id'>,
    delivery: Delivery,
    subscribers: boolean,
  ): Promise<{ done: string[]; failed: boolean }> {
    return this.#dispatch(event, delivery, subscribers);
  }

  async #dispatch(
    event: Omit<Recorded, 'id'>,
    delivery: Delivery,
    subscribers: boolean,
  ): Promise<{ done: string[]; failed: boolean }> {
    const name = event.name;
    if (subscribers) {
      for (const subscriber of this.#subscribers.get(name) ?? []) {
        try {
          await (subscriber as Subscriber<EventName>)(event.payload as never);
        } catch (error) {
          this.log.error({ err: error, event: name }, 'event subscriber failed');
        }
      }
    }
    const done = [...event.done];
    let failed = false;
    for (const handler of this.#handlers.get(name) ?? []) {
      if (done.includes(handler.name)) continue;
      try {
        await (handler.run as Handler<EventName>)(event.payload as never, delivery);
        done.push(handler.name);
      } catch (error) {
        failed = true;
        this.log.error({ err: error, event: name, handler: handler.name }, 'event handler failed');
      }
    }
    return { done, failed };
  }
}

/**
 * Runs `fn` after `q`'s commit, the transaction waiting for it; at once for a plain database.
 * A wrapper of a transaction must pass `afterCommit` on: without it, `fn` would run inside the
 * transaction, and on PGlite wait for it forever.
 */
async function onCommitAwaited(q: Queryable, fn: () => Promise<void>): Promise<void> {
  if (q.afterCommit) q.afterCommit(fn);
  else await fn();
}
