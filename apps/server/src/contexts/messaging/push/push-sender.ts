import { lookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import webPush from 'web-push';
import { isPublicAddress } from '../../../platform/public-address.js';
import type { PushEndpointRules } from '../../../platform/push-settings.js';
import { endpointProblem } from './push-endpoint.js';

/** How long a push service may take to answer one push. */
const SEND_TIMEOUT_MS = 10_000;
/** How long a push service keeps a push for a browser that is offline (4 weeks is the cap). */
const TTL_SECONDS = 24 * 60 * 60;

export type PushTarget = { endpoint: string; keys: { p256dh: string; auth: string } };

/** What came of one push: delivered, the subscription is dead, or the push service said no. */
export type SendResult =
  | { outcome: 'sent' }
  | { outcome: 'gone'; statusCode: number }
  | { outcome: 'refused'; statusCode: number };

/** A failure worth trying again later (network, timeout, 429, 5xx): thrown, so the job retries. */
export class PushServiceUnavailable extends Error {
  constructor(
    message: string,
    readonly statusCode: number | null,
  ) {
    super(message);
  }
}

export type PushSenderOptions = PushEndpointRules & {
  vapid: { publicKey: string; privateKey: string; subject: string };
};

/**
 * Sends one push: encrypted for the browser (RFC 8291, aes128gcm) and signed with the VAPID
 * key (RFC 8292) by web-push, then POSTed here rather than by web-push, so that the address is
 * checked after DNS (no rebinding to a private address) and plain http works in tests.
 */
export class PushSender {
  constructor(private readonly options: PushSenderOptions) {}

  async send(target: PushTarget, payload: string, topic: string): Promise<SendResult> {
    const problem = endpointProblem(target.endpoint, this.options);
    if (problem) return { outcome: 'gone', statusCode: 0 };
    const details = webPush.generateRequestDetails(target, payload, {
      vapidDetails: this.options.vapid,
      TTL: TTL_SECONDS,
      topic,
      urgency: 'normal',
      contentEncoding: 'aes128gcm',
    });
    let statusCode: number;
    try {
      statusCode = await this.post(details.endpoint, details.headers, details.body);
    } catch (error) {
      // Its name now leads to a private address: as dead as a 410.
      if ((error as NodeJS.ErrnoException).code === DENIED)
        return { outcome: 'gone', statusCode: 0 };
      throw new PushServiceUnavailable(`push request failed: ${(error as Error).message}`, null);
    }
    if (statusCode >= 200 && statusCode < 300) return { outcome: 'sent' };
    // 404/410: the browser unsubscribed or the subscription expired. 403: it was made with
    // another VAPID key, so no push will ever pass again.
    if (statusCode === 404 || statusCode === 410 || statusCode === 403)
      return { outcome: 'gone', statusCode };
    if (statusCode === 429 || statusCode >= 500)
      throw new PushServiceUnavailable(`push service answered ${statusCode}`, statusCode);
    return { outcome: 'refused', statusCode };
  }

  private post(
    endpoint: string,
    headers: Record<string, string | number>,
    body: Buffer | null,
  ): Promise<number> {
    const url = new URL(endpoint);
    const allowPrivate = this.options.allowPrivateEndpoints;
    const client = url.protocol === 'http:' ? http : https;
    return new Promise<number>((resolve, reject) => {
      const request = client.request(
        url,
        {
          method: 'POST',
          headers,
          timeout: SEND_TIMEOUT_MS,
          agent: false,
          ...(allowPrivate ? {} : { lookup: publicOnlyLookup }),
        },
        (response) => {
          // The answer's body means nothing to us; read it to free the socket.
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
          response.on('error', reject);
        },
      );
      request.on('timeout', () => request.destroy(new Error('push service timed out')));
      request.on('error', reject);
      request.end(body ?? undefined);
    });
  }
}

const DENIED = 'EPUSHDENIED';

/** DNS, then a refusal if any address it gives is not on the internet (SSRF, DNS rebinding). */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  lookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 4);
    const refused = addresses.find((a) => !isPublicAddress(a.address));
    if (refused || addresses.length === 0) {
      const denied = Object.assign(new Error(`${hostname} is not on the internet`), {
        code: DENIED,
      });
      return callback(denied, '', 4);
    }
    if (options.all) return (callback as unknown as AllCallback)(null, addresses);
    return callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};

type AllCallback = (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void;
