import { createReadStream } from 'node:fs';
import { constants } from 'node:fs';
import { access, copyFile, mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';

/** Bytes `start` to `end`, both included (as HTTP ranges count them). */
export type ByteRange = { start: number; end: number };

/**
 * Where uploaded files live: local disk by default, an S3-compatible bucket when configured
 * (s3-storage.ts). Keys are chosen by the server (`<uuid>` or `<uuid>.<variant>`), never by a
 * client. One contract test suite runs against both (test/object-storage.test.ts).
 */
export interface ObjectStorage {
  readonly kind: 'disk' | 's3';
  /** Stores the file at `path` under `key`, replacing any object there, whole or not at all.
   *  The file may be moved away (the caller's temp files go anyway). */
  put(key: string, path: string, contentType: string): Promise<void>;
  /** The object's bytes, or a range of them; throws ObjectNotFound when there is no such key. */
  get(key: string, range?: ByteRange): Promise<Readable>;
  /** Removes the object; removing a missing key is no error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Throws unless the storage can take a file now: the folder writable, the bucket answering. */
  check(): Promise<void>;
  close(): Promise<void>;
}

export class ObjectNotFound extends Error {
  constructor(key: string) {
    super(`No stored object ${key}`);
  }
}

const KEY = /^[0-9a-f-]{36}(\.[a-z]+)?$/;

/** Keys are server-made; anything else is a bug, never a path to follow. */
export function checkKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`Not a storage key: ${JSON.stringify(key)}`);
  return key;
}

/** Files under `root`, spread over 256 folders by the key's first two characters. */
export function diskStorage(root: string): ObjectStorage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    const path = join(base, checkKey(key).slice(0, 2), key);
    if (!path.startsWith(base + sep)) throw new Error(`Not a storage key: ${key}`);
    return path;
  };
  return {
    kind: 'disk',
    async put(key, path) {
      const target = pathOf(key);
      await mkdir(dirname(target), { recursive: true });
      // Written beside the target and renamed: a reader never sees half a file.
      const partial = `${target}.partial`;
      try {
        await rename(path, partial).catch(async (error: NodeJS.ErrnoException) => {
          if (error.code !== 'EXDEV') throw error;
          await copyFile(path, partial);
        });
        await rename(partial, target);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },
    async get(key, range) {
      const path = pathOf(key);
      const size = await stat(path).then(
        (s) => s.size,
        () => {
          throw new ObjectNotFound(key);
        },
      );
      if (range && (range.start > range.end || range.end >= size)) {
        throw new RangeError(`Range ${range.start}-${range.end} outside ${size} bytes`);
      }
      return createReadStream(path, range ? { start: range.start, end: range.end } : {});
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async exists(key) {
      return stat(pathOf(key)).then(
        () => true,
        () => false,
      );
    },
    async check() {
      // The folder appears with the first upload; a read-only or foreign-owned one fails here.
      await mkdir(base, { recursive: true });
      await access(base, constants.W_OK);
    },
    async close() {},
  };
}
