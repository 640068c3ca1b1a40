import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../../src/platform/s3-storage.js';

/** A real S3-protocol server on loopback (s3rver) with one empty bucket: no mock of S3. */
export async function startS3Server(): Promise<{ settings: S3Settings; close(): Promise<void> }> {
  const directory = await mkdtemp(join(tmpdir(), 'doers-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: 'doers-media' }],
  });
  const { port } = await server.run();
  return {
    settings: {
      endpoint: `http://127.0.0.1:${port}`,
      bucket: 'doers-media',
      region: 'us-east-1',
      // s3rver's fixed credentials: it checks the signature.
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
