import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { readTimezone, type Credentials } from '../../../platform/authenticate.js';
import { body, HttpError } from '../../../platform/errors.js';
import type { OutsideRoute } from '../../../platform/http-server.js';
import { isEventId } from '../../../platform/realtime-bus.js';
import type { RealtimeService } from './realtime.service.js';

type Log = { error(details: object, message: string): void };
type Identify = (credentials: Credentials) => Promise<{ userId: string; sessionId: string }>;

/**
 * What every answer of the stream carries besides its own headers. An event stream is no
 * document, so the page's CSP and framing rules have nothing to act on; these do.
 */
const SECURITY_HEADERS: OutgoingHttpHeaders = {
  'x-content-type-options': 'nosniff',
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cache-control': 'no-store',
};

/**
 * `GET /api/events`: Server-Sent Events. It authenticates with the bearer token like every
 * signed-in call (never a token in the address: addresses end up in logs), and is answered on
 * Node's own request and response, outside Fastify (http-server.ts's routeOutsideFastify), so
 * that an idle stream holds only its socket, its response and its StreamConnection.
 */
export function realtimeStream(deps: {
  realtime: RealtimeService;
  identify: Identify;
  log: Log;
}): OutsideRoute {
  return (request, response) => {
    open(deps, request, response).catch((error: unknown) => {
      if (error instanceof HttpError) return refuse(response, error.statusCode, error.message);
      deps.log.error({ err: error }, 'realtime stream failed');
      refuse(response, 500, 'Something went wrong on our side. Please try again.');
    });
  };
}

async function open(
  deps: { realtime: RealtimeService; identify: Identify },
  request: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const auth = await deps.identify({
    authorization: request.headers.authorization,
    timezone: readTimezone(request),
  });
  const header = request.headers['last-event-id'];
  const lastEventId = typeof header === 'string' && header ? header.slice(0, 40) : undefined;
  const expiresAt = accessTokenExpiry(request.headers.authorization);
  // The request's body (there is none) is not read: it must not hold the socket open.
  request.resume();

  res.writeHead(200, {
    ...SECURITY_HEADERS,
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
  // The headers leave with the first event, written once the stream listens: a client holding
  // them misses nothing published after.

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
}

/** The API's usual JSON error, as Fastify's error handler would have answered it. */
function refuse(res: ServerResponse, statusCode: number, message: string): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  res.writeHead(statusCode, {
    ...SECURITY_HEADERS,
    'content-type': 'application/json; charset=utf-8',
  });
  res.end(JSON.stringify(body(statusCode, message)));
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
