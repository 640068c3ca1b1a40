import type { NotificationView, PushKey, PushMessage, PushSubscriptionJson } from '@doers/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../../platform/clock.js';
import { badRequest } from '../../../platform/errors.js';
import type { DomainEvents } from '../../../platform/events.js';
import type { Jobs } from '../../../platform/jobs.js';
import type { PushEndpointRules } from '../../../platform/push-settings.js';
import { endpointProblem } from './push-endpoint.js';
import { pushMessageOf, topicOf } from './push-message.js';
import { PushServiceUnavailable, type PushSender } from './push-sender.js';
import type { PushRepository } from './push.repository.js';

/**
 * What push needs from the notifications module: the folded line. (Whether the person takes a
 * type by push arrives with the event.)
 */
export type NotificationSource = {
  view(userId: string, notificationId: string): Promise<NotificationView | null>;
};

/** Browsers one person may receive pushes on; subscribing one more drops the oldest. */
export const MAX_DEVICES = 20;

/** Queued work (platform/jobs.ts): one job per notification, then one per device. */
export const PUSH_JOBS = { deliver: 'push.deliver', send: 'push.send' } as const;
type DeliverJob = { userId: string; notificationId: string };
type SendJob = {
  userId: string;
  subscriptionId: string;
  notificationId: string;
  message: PushMessage;
};

/**
 * Web Push (docs/product/push.md): devices subscribe after their owner's tap; each notification
 * the person's settings send by push goes, as queued jobs, to every device they subscribed.
 */
export class PushService {
  constructor(
    private readonly deps: {
      push: PushRepository;
      sender: PushSender;
      notifications: NotificationSource;
      jobs: Jobs;
      clock: Clock;
      publicKey: string;
      endpoints: PushEndpointRules;
      log: FastifyBaseLogger;
    },
  ) {
    deps.jobs.define<DeliverJob>(PUSH_JOBS.deliver, (job) => this.deliver(job));
    deps.jobs.define<SendJob>(PUSH_JOBS.send, (job) => this.send(job));
  }

  key(): PushKey {
    return { publicKey: this.deps.publicKey };
  }

  async subscribe(
    auth: { userId: string; sessionId: string },
    subscription: PushSubscriptionJson,
  ): Promise<void> {
    const problem = endpointProblem(subscription.endpoint, this.deps.endpoints);
    if (problem) throw badRequest(problem, [{ field: 'endpoint', message: problem }]);
    await this.deps.push.save({
      userId: auth.userId,
      sessionId: auth.sessionId,
      endpoint: subscription.endpoint,
      p256dh: subscription.keys.p256dh,
      auth: subscription.keys.auth,
      now: this.deps.clock.now(),
    });
    await this.deps.push.keepNewest(auth.userId, MAX_DEVICES);
  }

  async unsubscribe(userId: string, endpoint: string): Promise<void> {
    await this.deps.push.removeOwn(userId, endpoint);
  }

  /** A device signed out (or was signed out from elsewhere): it stops receiving their pushes. */
  async sessionEnded(e: DomainEvents['session.ended']): Promise<void> {
    await this.deps.push.removeOfSession(e.userId, e.sessionId);
  }

  /** Queues a push when the person wants this type by push and has a device for it. */
  async notificationCreated(e: DomainEvents['notification.created']): Promise<void> {
    if (!e.push) return;
    if ((await this.deps.push.idsOf(e.userId)).length === 0) return;
    await this.deps.jobs.enqueue<DeliverJob>(PUSH_JOBS.deliver, {
      userId: e.userId,
      notificationId: e.notificationId,
    });
  }

  /** The line as the list shows it now (a fold may have grown), one send job per device. */
  private async deliver({ userId, notificationId }: DeliverJob): Promise<void> {
    const view = await this.deps.notifications.view(userId, notificationId);
    if (!view) return;
    const message = pushMessageOf(view);
    for (const subscriptionId of await this.deps.push.idsOf(userId)) {
      await this.deps.jobs.enqueue<SendJob>(PUSH_JOBS.send, {
        userId,
        subscriptionId,
        notificationId,
        message,
      });
    }
  }

  /**
   * One device: dead subscriptions (404, 410) are removed; a push service that is down or busy
   * makes this throw, so the queue tries again a few times before dropping it.
   */
  private async send({ userId, subscriptionId, notificationId, message }: SendJob): Promise<void> {
    const row = await this.deps.push.find(subscriptionId, notificationId);
    // Gone, or the browser is someone else's now, or it has this one (a notification's event
    // delivered twice: platform/outbox.ts): nothing to send.
    if (!row || row.user_id !== userId || row.sent) return;
    const target = { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } };
    const log = { subscriptionId, host: new URL(row.endpoint).host };
    try {
      const result = await this.deps.sender.send(
        target,
        JSON.stringify(message),
        topicOf(message.tag),
      );
      if (result.outcome === 'sent') {
        await this.deps.push.recordSuccess(subscriptionId, notificationId, this.deps.clock.now());
      } else if (result.outcome === 'gone') {
        await this.deps.push.remove(subscriptionId);
        this.deps.log.info({ ...log, status: result.statusCode }, 'push subscription removed');
      } else {
        await this.deps.push.recordFailure(subscriptionId);
        this.deps.log.warn({ ...log, status: result.statusCode }, 'push refused');
      }
    } catch (error) {
      await this.deps.push.recordFailure(subscriptionId);
      if (error instanceof PushServiceUnavailable) {
        this.deps.log.warn({ ...log, status: error.statusCode }, error.message);
      }
      throw error;
    }
  }
}
