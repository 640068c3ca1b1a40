import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  verify,
} from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A push service of our own for the tests: a local HTTP server that a subscription's endpoint
 * points at, and a browser's side of the encryption: its P-256 key pair and auth secret, and
 * the decryption of what arrives (RFC 8291 over RFC 8188 aes128gcm), written from the RFCs with
 * node:crypto only, so it checks web-push rather than trusting it.
 */

export type ReceivedPush = { path: string; headers: IncomingHttpHeaders; body: Buffer };

export type PushReceiver = {
  url: string;
  received: ReceivedPush[];
  /** Answers every push to `path` with this status from now on (201 otherwise). */
  answer(path: string, status: number): void;
  close(): Promise<void>;
};

export async function startPushReceiver(): Promise<PushReceiver> {
  const received: ReceivedPush[] = [];
  const answers = new Map<string, number>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
      response.statusCode = answers.get(path) ?? 201;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    answer: (path, status) => answers.set(path, status),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A browser's side of one subscription: what it sends the server, and how it reads a push. */
export function browserKeys() {
  const ecdh = createECDH('prime256v1');
  const publicKey = ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return {
    json: (endpoint: string) => ({
      endpoint,
      keys: { p256dh: publicKey.toString('base64url'), auth: authSecret.toString('base64url') },
    }),
    decrypt: (body: Buffer) => decryptPush(body, ecdh, publicKey, authSecret),
  };
}

/** RFC 8291 §3.4 and RFC 8188 §2: one aes128gcm record, as web push sends it. */
function decryptPush(
  body: Buffer,
  ecdh: ReturnType<typeof createECDH>,
  uaPublic: Buffer,
  authSecret: Buffer,
): string {
  // Header: salt (16) | record size (4) | key id length (1) | key id (the sender's public key).
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const asPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);

  const ecdhSecret = ecdh.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, authSecret, keyInfo, 32));
  const cek = Buffer.from(
    hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16),
  );
  const nonce = Buffer.from(
    hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12),
  );

  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([
    decipher.update(record.subarray(0, record.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02, then any zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('not the last record of a push');
  return padded.subarray(0, end).toString('utf8');
}

/**
 * RFC 8292: `Authorization: vapid t=<JWT>, k=<public key>`. Checks the ES256 signature with k
 * and returns the claims and the key.
 */
export function readVapid(header: string | undefined): {
  publicKey: string;
  claims: { aud: string; exp: number; sub: string };
} {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`not a VAPID Authorization header: ${header}`);
  const [token, k] = [match[1]!, match[2]!];
  const [head, claims, signature] = token.split('.') as [string, string, string];
  const raw = Buffer.from(k, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const valid = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!valid) throw new Error('the VAPID signature does not verify');
  return {
    publicKey: k,
    claims: JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as {
      aud: string;
      exp: number;
      sub: string;
    },
  };
}
