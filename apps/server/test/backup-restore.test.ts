// `npm run backup` and `npm run restore` as an operator runs them, each its own process, on a
// real server's DATA_DIR (PGlite and media on disk): a backup taken while the server runs and
// people keep posting, restored into an empty folder, must give a server that finds every
// person, post, voice note (its bytes, over HTTP) and streak.
import { execFile } from 'node:child_process';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import type { AuthResponse, Post, PostPage, Quest, User } from '@doers/contract';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { writeBackup } from '../src/backup/backup.js';
import { manifest as manifestSchema, type Manifest } from '../src/backup/manifest.js';
import { restoreBackup } from '../src/backup/restore.js';
import { readTar, tarEnd, tarFile } from '../src/backup/tar.js';
import { fetchFile, upload } from './support/media.js';
import { recorderWebm } from './support/media-files.js';
import { newPerson } from './support/people.js';
import { FOUNDER_CODE } from './support/people-data.js';
import { questInput } from './support/quests.js';
import { startServerProcess, type ServerProcess } from './support/server-process.js';
import { request } from './support/test-server.js';

const root = resolve(import.meta.dirname, '../../..');
const PEOPLE = 3;

/** `npm run backup|restore` as typed: its own process (the command's bundle), on DATA_DIR. */
function cli(script: 'backup' | 'restore', dataDir: string, ...args: string[]) {
  return new Promise<{ code: number; out: string; err: string }>((done) => {
    execFile(
      process.execPath,
      [inject('bundles')[script], ...args],
      { cwd: root, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' } },
      (error, out, err) => done({ code: error ? Number(error.code ?? 1) : 0, out, err }),
    );
  });
}

const env = { FOUNDER_INVITE_CODE: FOUNDER_CODE, FOUNDER_SEATS: '1000', RATE_LIMIT_FACTOR: '100' };

type Person = { auth: AuthResponse; token: string };

// Each test runs the command line as its own processes and starts servers: more than the suite's
// default budget on a busy 2-core machine.
describe('npm run backup, npm run restore', { timeout: 90_000 }, () => {
  let work: string;
  let voice: Buffer;
  let source: ServerProcess;
  let restored: ServerProcess | undefined;
  let archive: string;

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'doers-backup-'));
    voice = await readFile(await recorderWebm(work, 1));
    source = await startServerProcess({
      name: 'backup-source',
      logDir: work,
      dataDir: join(work, 'source'),
      pglite: true,
      bundle: inject('bundles').server,
      env,
    });
  });
  afterAll(async () => {
    await source?.dispose();
    await restored?.dispose();
    await rm(work, { recursive: true, force: true });
  });

  async function signUp(url: string): Promise<Person> {
    const res = await request<AuthResponse>(url, 'POST', '/api/auth/register', {
      body: newPerson({ inviteCode: FOUNDER_CODE }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return { auth: res.body, token: res.body.tokens.accessToken };
  }

  async function post(url: string, person: Person): Promise<Post> {
    const media = await upload({ url }, person.token, 'post', voice, { filename: 'voice.webm' });
    expect(media.status, JSON.stringify(media.body)).toBe(201);
    const res = await request<Post>(url, 'POST', '/api/posts', {
      token: person.token,
      body: { voiceMediaId: media.body.id, visibility: 'public' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  }

  it('backs up a running server under writes; a server on the restored copy has every person, post, file and streak', async () => {
    const url = source.url;
    const people: Person[] = [];
    const posts: Post[] = [];
    for (let i = 0; i < PEOPLE; i++) {
      const person = await signUp(url);
      people.push(person);
      posts.push(await post(url, person), await post(url, person));
      const quest = await request<Quest>(url, 'POST', '/api/quests', {
        token: person.token,
        body: questInput(),
        headers: { 'x-timezone': 'UTC' },
      });
      expect(quest.status).toBe(201);
      const checkIn = await request(url, 'POST', `/api/quests/${quest.body.id}/check-ins`, {
        token: person.token,
        body: {},
        headers: { 'x-timezone': 'UTC' },
      });
      expect(checkIn.status, JSON.stringify(checkIn.body)).toBe(201);
    }
    const before = new Map<string, { username: string; streak: number }>();
    for (const p of people) {
      const me = await request<User>(url, 'GET', '/api/users/me', { token: p.token });
      expect(me.body.stats.currentStreak).toBe(1);
      before.set(p.auth.user.id, { username: me.body.username, streak: 1 });
    }

    // People keep posting voice notes and smiling while the backup runs.
    let writing = true;
    let writtenDuring = 0;
    const writers = people.map(async (person, i) => {
      while (writing) {
        const made = await post(url, person);
        const other = posts[(i + 1) % posts.length]!;
        const smile = await request(url, 'PUT', `/api/posts/${other.id}/smile`, {
          token: person.token,
        });
        expect(smile.status).toBeLessThan(300);
        if (writing) writtenDuring += 1;
        posts.push(made);
      }
    });
    const backupDir = join(work, 'backups');
    const backup = await cli('backup', source.dataDir, '--out', backupDir);
    writing = false;
    await Promise.all(writers);
    expect(backup, backup.err).toMatchObject({ code: 0, err: '' });
    expect(backup.out).toMatch(/from the running server/);
    expect(writtenDuring).toBeGreaterThan(0);

    const [name] = await readdir(backupDir);
    expect(name).toMatch(/^doers-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.tar\.gz$/);
    archive = join(backupDir, name!);
    const manifest = await manifestOf(archive);
    expect(manifest).toMatchObject({ source: 'running-server', media: { storage: 'disk' } });
    expect(manifest.migrations.length).toBeGreaterThan(20);
    expect(manifest.media.files).toBeGreaterThanOrEqual(PEOPLE * 2);

    const restoredDir = join(work, 'restored');
    const restore = await cli('restore', restoredDir, archive);
    expect(restore, restore.err).toMatchObject({ code: 0, err: '' });
    restored = await startServerProcess({
      name: 'backup-restored',
      logDir: work,
      dataDir: restoredDir,
      pglite: true,
      bundle: inject('bundles').server,
      env,
    });
    const back = restored.url;

    // The same tokens work: the sessions and the JWT secret came back too.
    for (const p of people) {
      const me = await request<User>(back, 'GET', '/api/users/me', { token: p.token });
      expect(me.status).toBe(200);
      expect(me.body.username).toBe(before.get(p.auth.user.id)!.username);
      expect(me.body.stats.currentStreak).toBe(1);
    }
    // Every post made before the backup, with its voice note's very bytes.
    for (const p of posts.slice(0, PEOPLE * 2)) {
      const got = await request<Post>(back, 'GET', `/api/posts/${p.id}`, {
        token: people[0]!.token,
      });
      expect(got.status).toBe(200);
      const file = await fetchFile({ url: back }, got.body.voice.url, { token: people[0]!.token });
      const original = await fetchFile({ url }, p.voice.url, { token: people[0]!.token });
      expect(file.status).toBe(200);
      expect(file.bytes.equals(original.bytes)).toBe(true);
    }
    // Every post the snapshot holds, those made during the backup included, has its file.
    let held = 0;
    for (const p of people) {
      const path = `/api/users/${p.auth.user.id}/posts?limit=50`;
      const page = await request<PostPage>(back, 'GET', path, { token: p.token });
      expect(page.body.nextCursor).toBeNull();
      for (const item of page.body.items) {
        held += 1;
        const file = await fetchFile({ url: back }, item.voice.url, { token: p.token });
        expect(file.status, `${item.id}'s voice note`).toBe(200);
        expect(file.bytes.length).toBe(item.voice.size);
      }
    }
    expect(held).toBeGreaterThanOrEqual(PEOPLE * 2);
  });

  it('copies the media after the database: a voice note posted just before the snapshot comes along', async () => {
    const person = await signUp(source.url);
    let late: Post | undefined;
    const { file } = await writeBackup({
      dataDir: source.dataDir,
      outDir: join(work, 'backups-late'),
      s3: false,
      now: new Date('2026-03-10T09:00:00Z'),
      appVersion: 'test',
      beforeSnapshot: async () => {
        late = await post(source.url, person);
      },
    });
    const restoredDir = join(work, 'restored-late');
    await restoreBackup({ file, dataDir: restoredDir });
    const again = await startServerProcess({
      name: 'backup-restored-late',
      logDir: work,
      dataDir: restoredDir,
      pglite: true,
      bundle: inject('bundles').server,
      env,
    });
    try {
      const got = await request<Post>(again.url, 'GET', `/api/posts/${late!.id}`, person);
      expect(got.status).toBe(200);
      const restoredFile = await fetchFile({ url: again.url }, got.body.voice.url, person);
      const original = await fetchFile({ url: source.url }, late!.voice.url, person);
      expect(restoredFile.status).toBe(200);
      expect(restoredFile.bytes.equals(original.bytes)).toBe(true);
    } finally {
      await again.dispose();
    }
  });

  it('refuses a folder that is not empty or that a server holds, and a damaged archive', async () => {
    expect(archive, 'the first test made an archive').toBeDefined();
    // The source's folder: a server holds it, and it is not empty.
    const held = await cli('restore', source.dataDir, archive);
    expect(held.code).toBe(1);
    expect(held.err).toMatch(/^Refusing to restore: Another Doers process/);
    await source.stop();
    const full = await cli('restore', source.dataDir, archive);
    expect(full.code).toBe(1);
    expect(full.err).toMatch(/^Refusing to restore: .* is not empty/);

    // One media file's bytes changed, the manifest kept: refused, and the folder stays empty.
    const damaged = join(work, 'damaged.tar.gz');
    await rewrite(archive, damaged, (name, bytes) =>
      name.startsWith('files/media/')
        ? Buffer.concat([bytes.subarray(1), Buffer.from('x')])
        : bytes,
    );
    const target = join(work, 'empty');
    await mkdir(target);
    const refused = await cli('restore', target, damaged);
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/The archive is damaged: media\/.* does not match its manifest/);
    expect(await readdir(target)).toEqual([]);
    expect(existsSync(join(target, 'db'))).toBe(false);
  });
});

async function* entries(file: string) {
  for await (const entry of readTar(createReadStream(file).pipe(createGunzip()))) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry.body) chunks.push(Buffer.from(chunk));
    yield { name: entry.name, bytes: Buffer.concat(chunks) };
  }
}

async function manifestOf(file: string): Promise<Manifest> {
  for await (const { name, bytes } of entries(file))
    if (name === 'manifest.json') return manifestSchema.parse(JSON.parse(bytes.toString()));
  throw new Error('no manifest');
}

/** A copy of an archive with each entry's bytes passed through `change`. */
async function rewrite(from: string, to: string, change: (name: string, bytes: Buffer) => Buffer) {
  async function* copy() {
    for await (const { name, bytes } of entries(from)) {
      const changed = change(name, bytes);
      yield* tarFile({ name, size: changed.length, body: [changed] });
    }
    yield tarEnd();
  }
  await pipeline(Readable.from(copy()), createGzip(), createWriteStream(to));
}
