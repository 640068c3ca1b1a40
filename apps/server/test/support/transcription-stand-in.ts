import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buffer } from 'node:stream/consumers';

export type TranscriptionRequest = {
  method: string;
  path: string;
  authorization: string | undefined;
  /** The multipart form's text fields (`model`, `response_format`). */
  fields: Record<string, string>;
  /** The `file` part: its name, type and bytes. */
  file: { name: string; type: string; bytes: Buffer } | null;
  /** When its headers arrived, by this process's `performance.now()` (the benchmark's split). */
  receivedAt: number;
};

/** What the next request is answered: words, an error status, or nothing at all (a timeout). */
export type Answer = { text: string } | { status: number } | 'hang';

/**
 * A local HTTP server standing in for a speech-to-text engine: it speaks the OpenAI protocol
 * (`POST /v1/audio/transcriptions`, multipart `file` and `model`, answering `{ "text": … }`) that
 * OpenAI, whisper.cpp's server, faster-whisper servers and LocalAI speak, as the Stripe stand-in
 * (stripe-stand-in.ts) stands in for Stripe. It records each request, parsing its multipart body,
 * and answers from a script (`answer`), then with `{ text: words }`.
 */
export async function startTranscriptionStandIn(words = 'Words the stand-in heard') {
  const requests: TranscriptionRequest[] = [];
  const script: Answer[] = [];
  const hanging = new Set<ServerResponse>();

  const server = createServer((req, res) => {
    const receivedAt = performance.now();
    void (async () => {
      const body = await buffer(req);
      // The platform's own multipart parser, as a fetch Response reads a form.
      const form = await new Response(body, {
        headers: { 'content-type': req.headers['content-type'] ?? '' },
      })
        .formData()
        .catch(() => null);
      const fields: Record<string, string> = {};
      let file: TranscriptionRequest['file'] = null;
      for (const [name, value] of form ?? []) {
        if (typeof value === 'string') fields[name] = value;
        else if (name === 'file')
          file = {
            name: value.name,
            type: value.type,
            bytes: Buffer.from(await value.arrayBuffer()),
          };
      }
      requests.push({
        method: req.method ?? '',
        path: req.url ?? '',
        authorization: req.headers.authorization,
        fields,
        file,
        receivedAt,
      });
      const answer = script.shift() ?? { text: words };
      if (answer === 'hang') {
        hanging.add(res);
        return;
      }
      res.setHeader('content-type', 'application/json');
      if (req.method !== 'POST' || req.url !== '/v1/audio/transcriptions') {
        res.statusCode = 404;
        res.end(JSON.stringify({ error: { message: 'No such route' } }));
      } else if ('status' in answer) {
        res.statusCode = answer.status;
        res.end(JSON.stringify({ error: { message: `Stand-in answers ${answer.status}` } }));
      } else if (!file || !fields['model']) {
        res.statusCode = 400;
        res.end(JSON.stringify({ error: { message: 'file and model are required' } }));
      } else {
        res.end(JSON.stringify({ text: answer.text }));
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    /** The next requests are answered these, in order; then with the words again. */
    answer(...answers: Answer[]) {
      script.push(...answers);
    },
    /** Forgets the requests and the script: each test starts afresh. */
    reset() {
      requests.length = 0;
      script.length = 0;
    },
    async close() {
      for (const res of hanging) res.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
