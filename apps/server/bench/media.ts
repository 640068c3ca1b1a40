// `npm run bench -- --only media`: how long a voice note takes from the last byte of its upload
// to a stored, playable file (transcoded to AAC in MP4, its waveform computed), for notes of
// 10 s and 120 s recorded as Chromium's MediaRecorder makes them (Opus in a streamed WebM).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';

const RUNS = 5;

/** CPU seconds of a process and of its children it has waited for (ffmpeg, ffprobe): Linux. */
function cpuWithChildren(pid: number | undefined): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .map(Number);
    return (f[11]! + f[12]! + f[13]! + f[14]!) / 100;
  } catch {
    return undefined;
  }
}

/** Opus in WebM written through a pipe: no duration, clusters of unknown size. */
export function recorderWebm(seconds: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'ffmpeg',
      [
        ...['-nostdin', '-v', 'error', '-f', 'lavfi'],
        ...['-i', `sine=frequency=220:duration=${seconds}:sample_rate=48000`],
        ...['-c:a', 'libopus', '-b:a', '32k', '-f', 'webm', 'pipe:1'],
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(Buffer.concat(chunks)) : reject(new Error('ffmpeg failed')),
    );
  });
}

/** One multipart upload; the clock starts once the whole body is handed to the socket. */
function timedUpload(
  base: string,
  token: string,
  file: Buffer,
): Promise<{ ms: number; status: number; body: string }> {
  const boundary = `----doers${randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="note.webm"\r\n` +
        'Content-Type: audio/webm\r\n\r\n',
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const url = new URL(`${base}/api/media?purpose=post`);
  return new Promise((resolve, reject) => {
    let sentAt = 0;
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(body.length),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () =>
          resolve({ ms: performance.now() - sentAt, status: res.statusCode ?? 0, body: text }),
        );
      },
    );
    req.on('error', reject);
    req.end(body, () => {
      sentAt = performance.now();
    });
  });
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Prints one row per note length: median and slowest of RUNS uploads, and the sizes. */
export async function benchVoiceNotes(
  base: string,
  token: string,
  serverPid: number | undefined,
): Promise<string[]> {
  const problems: string[] = [];
  console.log(
    `\nVoice notes: last byte of the upload → stored and playable (${RUNS} uploads each)\n`,
  );
  console.log(
    ['note', 'upload KB', 'stored KB', 'median ms', 'slowest ms', 'CPU ms']
      .map((c, i) => (i === 0 ? c.padEnd(8) : c.padStart(11)))
      .join('  '),
  );
  for (const seconds of [10, 120]) {
    const file = await recorderWebm(seconds);
    const times: number[] = [];
    const cpu: number[] = [];
    let stored = 0;
    for (let i = 0; i < RUNS; i++) {
      const cpuBefore = cpuWithChildren(serverPid);
      const res = await timedUpload(base, token, file);
      const cpuAfter = cpuWithChildren(serverPid);
      if (cpuBefore !== undefined && cpuAfter !== undefined)
        cpu.push((cpuAfter - cpuBefore) * 1000);
      if (res.status !== 201) {
        problems.push(`voice ${seconds} s: answered ${res.status}: ${res.body.slice(0, 200)}`);
        break;
      }
      const media = JSON.parse(res.body) as { url: string; size: number; id: string };
      // Playable: the stored file answers a browser's first range request.
      const probe = await fetch(base + media.url, { headers: { range: 'bytes=0-1' } });
      await probe.arrayBuffer();
      if (probe.status !== 206)
        problems.push(`voice ${seconds} s: the file answered ${probe.status}`);
      times.push(res.ms);
      stored = media.size;
      await fetch(`${base}/api/media/${media.id}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${token}` },
      });
    }
    if (!times.length) continue;
    console.log(
      [
        `${seconds} s`.padEnd(8),
        (file.length / 1024).toFixed(0).padStart(11),
        (stored / 1024).toFixed(0).padStart(11),
        median(times).toFixed(0).padStart(11),
        Math.max(...times)
          .toFixed(0)
          .padStart(11),
        (cpu.length ? median(cpu).toFixed(0) : '—').padStart(11),
      ].join('  '),
    );
  }
  console.log(
    '\nThe server reads the streams with ffprobe while one ffmpeg transcodes to AAC in MP4 ' +
      '(+faststart) and writes 8 kHz PCM for the duration and the waveform. Goal: under 1 s ' +
      'for 120 s on loopback.\n' +
      'CPU ms: the server process and its ffmpeg/ffprobe children, per upload (median): ' +
      'steadier than the wall time on a busy machine.',
  );
  return problems;
}
