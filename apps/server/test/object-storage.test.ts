import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diskStorage, ObjectNotFound, type ObjectStorage } from '../src/platform/object-storage.js';
import { s3Storage } from '../src/platform/s3-storage.js';
import { startS3Server } from './support/s3-server.js';

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The same contract, run against each kind of storage the server can use. */
function storageContract(
  name: string,
  open: () => Promise<{ storage: ObjectStorage; close(): Promise<void> }>,
  /** The same kind of storage pointed where nothing can be stored: its check must fail. */
  openBroken: () => Promise<{ storage: ObjectStorage; close(): Promise<void> }>,
) {
  describe(`${name} object storage`, () => {
    let storage: ObjectStorage;
    let close: () => Promise<void>;
    let scratch: string;
    const content = randomBytes(300_000);

    beforeAll(async () => {
      ({ storage, close } = await open());
      scratch = await mkdtemp(join(tmpdir(), 'doers-storage-src-'));
    });
    afterAll(async () => {
      await storage.close();
      await close();
      await rm(scratch, { recursive: true, force: true });
    });

    async function fileWith(bytes: Buffer): Promise<string> {
      const path = join(scratch, randomUUID());
      await writeFile(path, bytes);
      return path;
    }

    it('stores a file and gives back the same bytes', async () => {
      const key = randomUUID();
      expect(await storage.exists(key)).toBe(false);
      await storage.put(key, await fileWith(content), 'audio/mp4');
      expect(await storage.exists(key)).toBe(true);
      expect((await bytesOf(await storage.get(key))).equals(content)).toBe(true);
    });

    it('gives back a byte range: the first two bytes, the middle, the last byte', async () => {
      const key = `${randomUUID()}.thumbnail`;
      await storage.put(key, await fileWith(content), 'image/jpeg');
      // bytes=0-1 is Safari's first probe (s3rver answers the whole object to bytes=0-0).
      for (const [start, end] of [
        [0, 1],
        [1000, 199_999],
        [content.length - 1, content.length - 1],
        [0, content.length - 1],
      ] as const) {
        const part = await bytesOf(await storage.get(key, { start, end }));
        expect(part.equals(content.subarray(start, end + 1))).toBe(true);
      }
    });

    it('replaces an object put again under the same key', async () => {
      const key = randomUUID();
      await storage.put(key, await fileWith(Buffer.from('first')), 'text/plain');
      await storage.put(key, await fileWith(Buffer.from('second')), 'text/plain');
      expect((await bytesOf(await storage.get(key))).toString()).toBe('second');
    });

    it('deletes an object; deleting a missing one is no error', async () => {
      const key = randomUUID();
      await storage.put(key, await fileWith(content), 'video/mp4');
      await storage.delete(key);
      expect(await storage.exists(key)).toBe(false);
      await expect(storage.get(key)).rejects.toBeInstanceOf(ObjectNotFound);
      await storage.delete(key);
    });

    it('passes its check when it can take a file', async () => {
      await expect(storage.check()).resolves.toBeUndefined();
    });

    it('refuses keys it did not make, such as a path out of its folder', async () => {
      for (const key of ['../../etc/passwd', 'a/b', '', `${randomUUID()}/../x`]) {
        await expect(storage.put(key, await fileWith(content), 'text/plain')).rejects.toThrow(
          /Not a storage key/,
        );
        await expect(storage.get(key)).rejects.toThrow(/Not a storage key/);
      }
    });

    it('fails its check when it cannot take a file (readiness asks it)', async () => {
      const broken = await openBroken();
      try {
        await expect(broken.storage.check()).rejects.toThrow();
      } finally {
        await broken.storage.close();
        await broken.close();
      }
    });
  });
}

storageContract(
  'disk',
  async () => {
    const root = await mkdtemp(join(tmpdir(), 'doers-storage-'));
    return {
      storage: diskStorage(root),
      async close() {
        // Nothing but the objects themselves: no partial files left beside them.
        const folders = await readdir(root);
        for (const folder of folders) {
          for (const file of await readdir(join(root, folder))) expect(file).not.toMatch(/partial/);
        }
        await rm(root, { recursive: true, force: true });
      },
    };
  },
  async () => {
    // A file where the folder should be: no folder can be made there (chmod would not stop root).
    const scratch = await mkdtemp(join(tmpdir(), 'doers-storage-broken-'));
    await writeFile(join(scratch, 'media'), 'not a folder');
    return {
      storage: diskStorage(join(scratch, 'media')),
      close: () => rm(scratch, { recursive: true, force: true }),
    };
  },
);

storageContract(
  'S3 (s3rver on loopback)',
  async () => {
    const s3 = await startS3Server();
    return { storage: await s3Storage(s3.settings), close: () => s3.close() };
  },
  async () => {
    const s3 = await startS3Server();
    const settings = { ...s3.settings, bucket: 'no-such-bucket' };
    return { storage: await s3Storage(settings), close: () => s3.close() };
  },
);
