/**
 * The few parts of the tar format (POSIX ustar) a backup needs: regular files with short names,
 * written and read as streams, so a large video never sits whole in memory. `tar -tzf` lists
 * the archives these write; the reader takes only what the writer makes.
 */

const BLOCK = 512;
/** Eleven octal digits: 8 GiB less one byte, ustar's largest file. */
const MAX_SIZE = 8 ** 11 - 1;

export type TarFile = {
  name: string;
  size: number;
  /** Exactly `size` bytes. */
  body: AsyncIterable<Uint8Array> | Iterable<Uint8Array>;
  mode?: number;
  mtime?: Date;
};

/** One file's header, bytes and padding. Throws when the body is not `size` bytes long. */
export async function* tarFile(file: TarFile): AsyncGenerator<Buffer> {
  yield header(file);
  let written = 0;
  for await (const chunk of file.body) {
    written += chunk.length;
    if (written > file.size) break;
    yield Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  }
  if (written !== file.size)
    throw new Error(`${file.name}: ${written} bytes where ${file.size} were announced`);
  const rest = file.size % BLOCK;
  if (rest) yield Buffer.alloc(BLOCK - rest);
}

/** Two empty blocks close an archive. */
export const tarEnd = (): Buffer => Buffer.alloc(2 * BLOCK);

function header(file: TarFile): Buffer {
  const name = Buffer.from(file.name, 'utf8');
  if (name.length > 100) throw new Error(`Name too long for the archive: ${file.name}`);
  if (file.size > MAX_SIZE) throw new Error(`${file.name} is over 8 GiB`);
  const block = Buffer.alloc(BLOCK);
  name.copy(block, 0);
  const octal = (value: number, at: number, width: number) =>
    block.write(`${value.toString(8).padStart(width - 1, '0')}\0`, at, 'ascii');
  octal(file.mode ?? 0o644, 100, 8);
  octal(0, 108, 8); // uid
  octal(0, 116, 8); // gid
  octal(file.size, 124, 12);
  octal(Math.floor((file.mtime?.getTime() ?? 0) / 1000), 136, 12);
  block.write('        ', 148, 'ascii'); // the checksum counts itself as spaces
  block.write('0', 156, 'ascii'); // a regular file
  block.write('ustar\u000000', 257, 'ascii');
  block.write(`${checksum(block).toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return block;
}

function checksum(block: Buffer): number {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : block[i]!;
  return sum;
}

export type TarEntry = {
  name: string;
  size: number;
  mode: number;
  /** Its bytes: read them all before asking for the next entry. */
  body: AsyncGenerator<Buffer>;
};

/** The files of an archive in order; anything but a regular file is refused. */
export async function* readTar(source: AsyncIterable<Buffer>): AsyncGenerator<TarEntry> {
  const bytes = new ByteReader(source);
  for (;;) {
    const block = await bytes.exactly(BLOCK);
    if (!block) throw new Error('The archive ends early: it is not whole');
    if (block.every((b) => b === 0)) return;
    const field = (at: number, width: number) =>
      block
        .toString('ascii', at, at + width)
        .replace(/\0.*$/s, '')
        .trim();
    if (Number.parseInt(field(148, 8), 8) !== checksum(block))
      throw new Error('The archive is damaged: a header does not match its checksum');
    const type = field(156, 1);
    const nameEnd = block.indexOf(0, 0);
    const name = block.toString('utf8', 0, nameEnd < 0 || nameEnd > 100 ? 100 : nameEnd);
    if (type !== '0' && type !== '') throw new Error(`The archive holds ${name}, not a file`);
    const size = Number.parseInt(field(124, 12), 8);
    const body = bytes.take(size, (BLOCK - (size % BLOCK)) % BLOCK);
    yield { name, size, mode: Number.parseInt(field(100, 8), 8), body };
    // Whatever the reader left of it.
    for await (const _ of body);
  }
}

/** Reads a stream of chunks by byte counts. */
class ByteReader {
  readonly #source: AsyncIterator<Buffer>;
  #held: Buffer = Buffer.alloc(0);

  constructor(source: AsyncIterable<Buffer>) {
    this.#source = source[Symbol.asyncIterator]();
  }

  /** The next `n` bytes, or null when the stream ends before them. */
  async exactly(n: number): Promise<Buffer | null> {
    while (this.#held.length < n) {
      const next = await this.#source.next();
      if (next.done) return null;
      this.#held = Buffer.concat([this.#held, next.value]);
    }
    const out = this.#held.subarray(0, n);
    this.#held = this.#held.subarray(n);
    return out;
  }

  /** `n` bytes as they come, then `skip` more dropped. */
  async *take(n: number, skip: number): AsyncGenerator<Buffer> {
    let left = n;
    while (left > 0) {
      if (this.#held.length === 0) {
        const next = await this.#source.next();
        if (next.done) throw new Error('The archive ends early: it is not whole');
        this.#held = next.value;
      }
      const out = this.#held.subarray(0, left);
      this.#held = this.#held.subarray(out.length);
      left -= out.length;
      yield out;
    }
    if (skip && !(await this.exactly(skip)))
      throw new Error('The archive ends early: it is not whole');
  }
}
