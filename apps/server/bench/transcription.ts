// `npm run bench -- --only transcription`: how long a new voice note waits for its words when
// the operator runs a transcription engine. The server runs as its own process (the bundle, on
// PGlite, with the demo's people) with TRANSCRIBE_URL pointing at the test suite's stand-in
// engine in this process, which answers at once: what is measured is the server's own part —
// the outbox event, the queued job, reading the stored note and sending it, keeping the words —
// from the post's 201 to the words in the post a reader gets. The engine's own time (a real
// whisper takes seconds) comes on top. Prints figures; never fails on them.
import { randomBytes } from 'node:crypto';
import { startTranscriptionStandIn } from '../test/support/transcription-stand-in.js';
import { logDirOf, SERVER, signInDemo, startServerProcess } from './processes.js';
import { recorderWebm } from './media.js';

const SEQUENTIAL = 20;
const BURST = 10;
const NOTE_SECONDS = 5;

export async function benchTranscription(): Promise<string[]> {
  const problems: string[] = [];
  const engine = await startTranscriptionStandIn('Words the stand-in heard');
  const server = await startServerProcess({
    name: 'bench-transcription',
    logDir: logDirOf(),
    bundle: SERVER,
    pglite: true,
    logLevel: 'silent',
    env: {
      SEED_DEMO: 'true',
      RATE_LIMIT_FACTOR: '1000000',
      TRANSCRIBE_URL: engine.url,
      TRANSCRIBE_API_KEY: randomBytes(12).toString('hex'),
    },
  });
  try {
    const token = await signInDemo(server.url);
    const note = await recorderWebm(NOTE_SECONDS);
    const headers = { authorization: `Bearer ${token}` };

    /** Uploads one note: its media id. */
    const upload = async () => {
      const form = new FormData();
      form.set('file', new Blob([note], { type: 'audio/webm' }), 'note.webm');
      const media = await fetch(`${server.url}/api/media?purpose=post`, {
        method: 'POST',
        headers,
        body: form,
      });
      if (media.status !== 201) throw new Error(`upload answered ${media.status}`);
      return ((await media.json()) as { id: string }).id;
    };
    /** Posts an uploaded note; resolves with the post's id and when the 201 came. */
    const post = async (voiceMediaId: string) => {
      const res = await fetch(`${server.url}/api/posts`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ voiceMediaId, visibility: 'public' }),
      });
      const createdAt = performance.now();
      if (res.status !== 201) throw new Error(`posting answered ${res.status}`);
      const { id } = (await res.json()) as { id: string };
      return { id, voiceMediaId, createdAt };
    };
    /**
     * Reads the post every 20 ms until it has words (faster reads, ten at a time, would load the
     * server being measured): the milliseconds from its 201, or null after 30 s.
     */
    const wordsAfter = async (p: { id: string; createdAt: number }) => {
      while (performance.now() - p.createdAt < 30_000) {
        const res = await fetch(`${server.url}/api/posts/${p.id}`, { headers });
        const body = (await res.json()) as { voice: { transcript: { text: string } | null } };
        if (body.voice.transcript) return performance.now() - p.createdAt;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return null;
    };
    /** When the engine was asked for a note, from the post's 201. */
    const askedAfter = (p: { voiceMediaId: string; createdAt: number }) => {
      const asked = engine.requests.find((r) => r.file?.name.startsWith(p.voiceMediaId));
      return asked ? asked.receivedAt - p.createdAt : null;
    };

    console.log(
      `\nTranscripts — from a post's 201 to its words in GET /api/posts/:id, a ${NOTE_SECONDS} s ` +
        `note, PGlite, the stand-in engine answering at once; Node ${process.version}\n`,
    );
    const line = (cells: string[]) =>
      cells.map((c, i) => (i === 0 ? c.padEnd(26) : c.padStart(10))).join('  ');
    console.log(line(['notes', 'p50 ms', 'p90 ms', 'max ms', 'asked p50']));
    const report = (label: string, rows: { words: number | null; asked: number | null }[]) => {
      const done = rows.flatMap((r) => (r.words === null ? [] : [r.words]));
      if (done.length < rows.length)
        problems.push(`${label}: ${rows.length - done.length} notes got no words in 30 s`);
      const asked = rows.flatMap((r) => (r.asked === null ? [] : [r.asked]));
      console.log(
        line([label, ...[0.5, 0.9, 1].map((q) => quantile(done, q)), quantile(asked, 0.5)]),
      );
    };

    const oneByOne: { words: number | null; asked: number | null }[] = [];
    for (let i = 0; i < SEQUENTIAL; i++) {
      const p = await post(await upload());
      const words = await wordsAfter(p);
      oneByOne.push({ words, asked: askedAfter(p) });
    }
    report(`${SEQUENTIAL} one after another`, oneByOne);

    // Uploaded first, one by one: the posts then arrive together, with no transcoding beside them.
    const uploaded: string[] = [];
    for (let i = 0; i < BURST; i++) uploaded.push(await upload());
    const burst = await Promise.all(uploaded.map(post));
    const waited = await Promise.all(burst.map(wordsAfter));
    report(
      `${BURST} posted at once`,
      burst.map((p, i) => ({ words: waited[i]!, asked: askedAfter(p) })),
    );
    console.log(
      '\n"asked": when the engine received the note, from the 201 (below zero: before the 201 ' +
        "reached the client). The rest of the wait is the engine's answer kept, and the " +
        "reader's next read.",
    );
  } finally {
    await server.dispose();
    await engine.close();
  }
  return problems;
}

function quantile(values: number[], q: number): string {
  if (!values.length) return '—';
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(0);
}
