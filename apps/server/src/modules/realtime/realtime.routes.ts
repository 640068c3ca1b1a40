import { EVENTS_PATH } from '@doers/contract';
import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import { requireAuth } from '../../platform/authenticate.js';
import { isEventId } from '../../platform/realtime-bus.js';
import type { RealtimeService } from './realtime.service.js';

/**
 * `GET /api/events`: Server-Sent Events, not a JSON endpoint, so a route of its own rather than
 * one from the router; it still authenticates with the bearer token like every signed-in call
 * (never a token in the address: addresses end up in logs).
 */
export function realtimeRoutes(
  app: FastifyInstance,
  deps: { realtime: RealtimeService; authenticate: preHandlerHookHandler },
): void {
  app.get(EVENTS_PATH, { preHandler: deps.authenticate }, async (request, reply) => {
    const auth = requireAuth(request);
    const header = request.headers['last-event-id'];
    const lastEventId = typeof header === 'string' && header ? header.slice(0, 40) : undefined;
    const expiresAt = accessTokenExpiry(request.headers.authorization);

    // From here on the response is ours: headers now, then events as they come.
    reply.hijack();
    const res = reply.raw;
    // The headers hooks have set so far (the security headers), then the stream's own.
    const headers: OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) headers[name] = value;
    }
    res.writeHead(200, {
      ...headers,
      'content-type': 'text/event-stream; charset=utf-8',
      // no-transform: a proxy may not compress (and so buffer) it; X-Accel-Buffering: nginx.
      'cache-control': 'no-cache, no-store, no-transform',
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    });
    // A quiet stream is not a dead one: no socket timeout; TCP keep-alive finds the dead.
    res.socket?.setTimeout(0);
    res.socket?.setNoDelay(true);
    res.socket?.setKeepAlive(true, 30_000);
    res.flushHeaders();

    const connection = await deps.realtime.open({
      userId: auth.userId,
      sessionId: auth.sessionId,
      lastEventId: lastEventId && (isEventId(lastEventId) ? lastEventId : '0-0'),
      expiresAt,
      sink: {
        write: (chunk) => !res.writableEnded && res.write(chunk),
        buffered: () => res.writableLength,
        end: () => {
          if (!res.writableEnded) res.end();
        },
      },
    });
    if (res.destroyed || res.writableEnded) connection.close();
    else res.on('close', () => connection.close());
  });
}

/** When the (already verified) access token expires, in ms: its `exp` claim. */
function accessTokenExpiry(authorization: string | undefined): number | undefined {
  const payload = authorization?.split('.')[1];
  if (!payload) return undefined;
  try {
    const { exp } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
      exp?: unknown;
    };
    return typeof exp === 'number' ? exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}
