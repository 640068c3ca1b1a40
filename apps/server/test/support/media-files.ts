import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** Real media files for tests, made on the spot with ffmpeg and sharp. */

/** Runs ffmpeg (never a shell); with `stdoutTo`, its output goes to that file through a pipe. */
export function ffmpeg(args: string[], stdoutTo?: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('ffmpeg', ['-nostdin', '-v', 'error', '-y', ...args], {
      stdio: ['ignore', stdoutTo ? 'pipe' : 'ignore', 'pipe'],
    });
    if (stdoutTo) child.stdout!.pipe(createWriteStream(stdoutTo));
    let err = '';
    child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`ffmpeg ${args.join(' ')}: ${err}`)),
    );
  });
}

export async function ffprobeJson(file: string): Promise<{
  streams: { codec_type: string; codec_name: string }[];
  format: { format_name: string; duration?: string; tags?: Record<string, string> };
}> {
  return new Promise((resolve, reject) => {
    const child = spawn('ffprobe', [
      ...['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file],
    ]);
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`ffprobe ${file} failed`)),
    );
  });
}

const tone = (seconds: number, hz = 440) => [
  ...['-f', 'lavfi', '-i', `sine=frequency=${hz}:duration=${seconds}:sample_rate=48000`],
];

/**
 * A voice note as Chromium's MediaRecorder makes it: Opus in WebM written as a stream (through a
 * pipe), so it has no duration in its header and clusters of unknown size.
 */
export async function recorderWebm(dir: string, seconds: number, name = 'voice.webm') {
  const path = join(dir, name);
  await ffmpeg([...tone(seconds), '-c:a', 'libopus', '-b:a', '32k', '-f', 'webm', 'pipe:1'], path);
  return path;
}

/** A recorder WebM of `silent` seconds of silence, then `loud` seconds of tone. */
export async function silenceThenTone(dir: string, silent: number, loud: number) {
  const path = join(dir, 'silence-then-tone.webm');
  const sound = `aevalsrc=if(lt(t\\,${silent})\\,0\\,0.25*sin(2*PI*440*t)):s=48000:d=${silent + loud}`;
  await ffmpeg(
    ['-f', 'lavfi', '-i', sound, '-c:a', 'libopus', '-b:a', '32k', '-f', 'webm', 'pipe:1'],
    path,
  );
  return path;
}

export async function oggOpus(dir: string, seconds: number) {
  const path = join(dir, 'voice.ogg');
  await ffmpeg([...tone(seconds), '-c:a', 'libopus', '-f', 'ogg', path]);
  return path;
}

/** Safari's recorder: AAC in MP4. */
export async function mp4Aac(dir: string, seconds: number) {
  const path = join(dir, 'voice.mp4');
  await ffmpeg([...tone(seconds), '-c:a', 'aac', '-f', 'mp4', path]);
  return path;
}

/** A phone-like video: H.264 + AAC, with a filming location in its metadata. */
export async function video(
  dir: string,
  seconds: number,
  format: 'mp4' | 'mov' | 'webm' = 'mp4',
  name = `video.${format}`,
) {
  const path = join(dir, name);
  const codecs =
    format === 'webm'
      ? ['-c:v', 'libvpx', '-deadline', 'realtime', '-c:a', 'libopus']
      : ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac'];
  await ffmpeg([
    ...['-f', 'lavfi', '-i', `testsrc=size=320x240:rate=10:duration=${seconds}`],
    ...tone(seconds),
    ...codecs,
    ...['-metadata', 'location=+48.8577+002.2950/', '-metadata', 'title=secret place'],
    ...['-f', format, path],
  ]);
  return path;
}

/** A video with no sound at all, in WebM. */
export async function silentWebmVideo(dir: string, seconds: number) {
  const path = join(dir, 'silent.webm');
  await ffmpeg([
    ...['-f', 'lavfi', '-i', `testsrc=size=160x120:rate=10:duration=${seconds}`],
    ...['-c:v', 'libvpx', '-deadline', 'realtime', '-f', 'webm', path],
  ]);
  return path;
}

/** A JPEG whose EXIF holds a camera, an owner and a GPS position. */
export function jpegWithGps(width = 640, height = 480): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#3a7' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'TestCam', Copyright: 'secret owner' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '48/1 51/1 2963/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '2/1 17/1 4022/100',
      },
    })
    .toBuffer();
}

export function png(width: number, height: number, alpha = false): Promise<Buffer> {
  return sharp({
    create: {
      width,
      height,
      channels: alpha ? 4 : 3,
      background: alpha ? { r: 200, g: 50, b: 50, alpha: 0.5 } : '#c33',
    },
  })
    .png()
    .toBuffer();
}

/**
 * A real PNG of `width` × `height` black grayscale pixels, compressed hard: a few hundred KB
 * that decode to `width × height` bytes and more (a decompression bomb and a pixel flood).
 */
export function bombPng(width: number, height: number): Buffer {
  // Each row: filter byte 0, then one zero byte per pixel.
  return pngFile(width, height, 0, deflateSync(Buffer.alloc((width + 1) * height), { level: 9 }));
}

/** A PNG whose header claims `width` × `height` but which carries only a few bytes of data. */
export function liarPng(width: number, height: number): Buffer {
  return pngFile(width, height, 2, deflateSync(Buffer.alloc(64)));
}

function pngFile(width: number, height: number, colorType: number, idat: Buffer): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = colorType;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** A ZIP archive holding one 100 MB file of zeros, stored deflated (a zip bomb's smallest cell). */
export function zipBomb(): Buffer {
  const size = 100 * 1024 * 1024;
  const data = deflateSync(Buffer.alloc(size), { level: 9 });
  const name = Buffer.from('zeros.bin');
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8); // deflate
  local.writeUInt32LE(0, 14); // crc left 0: the archive only has to look like one
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(size, 22);
  local.writeUInt16LE(name.length, 26);
  return Buffer.concat([local, name, data]);
}

export const readBytes = (path: string) => readFile(path);
