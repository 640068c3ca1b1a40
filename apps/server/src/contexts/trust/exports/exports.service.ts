import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EXPORTS_PER_DAY, EXPORT_KEEP_DAYS, type DataExport } from '@doers/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../../platform/clock.js';
import { HttpError, conflict, notFound } from '../../../platform/errors.js';
import type { Jobs } from '../../../platform/jobs.js';
import type { Mailer } from '../../../platform/mailer.js';
import type { ObjectStorage } from '../../../platform/object-storage.js';
import type { UrlSigner } from '../../media/index.js';
import type { UsersService } from '../../accounts/index.js';
import { writeArchive } from './export-archive.js';
import { exportReadyMail } from './export-ready-mail.js';
import type { ExportRow, ExportsRepository } from './exports.repository.js';

const DAY_MS = 86_400_000;
const ALREADY_PREPARING = 'Your data is being prepared already: we will mail you when it is ready';
export const EXPORT_JOBS = { prepare: 'exports.prepare' } as const;

/**
 * "Your data" (docs/product/your-data.md): an export is prepared by a queued job into a ZIP kept
 * in the object storage for EXPORT_KEEP_DAYS days, offered for download to its owner only, and
 * announced by mail.
 */
export class ExportsService {
  constructor(
    private readonly deps: {
      exports: ExportsRepository;
      users: UsersService;
      storage: ObjectStorage;
      jobs: Jobs;
      mailer: Mailer;
      clock: Clock;
      publicUrl: string;
      /** Signs download links: an <a download> sends no token. */
      signer: UrlSigner;
      log: FastifyBaseLogger;
    },
  ) {
    deps.jobs.define<{ exportId: string }>(EXPORT_JOBS.prepare, ({ exportId }) =>
      this.prepare(exportId),
    );
  }

  async request(userId: string): Promise<DataExport> {
    const now = this.deps.clock.now();
    const asked = await this.deps.exports.requestedSince(userId, new Date(now.getTime() - DAY_MS));
    if (asked.length >= EXPORTS_PER_DAY) {
      // Free again when the oldest of the day's requests is a day old.
      const seconds = Math.ceil((asked[0]!.getTime() + DAY_MS - now.getTime()) / 1000);
      const hours = Math.max(1, Math.ceil(seconds / 3600));
      throw new HttpError(
        429,
        `You can ask for your data ${EXPORTS_PER_DAY} times a day. ` +
          `Please try again in ${hours} hour${hours === 1 ? '' : 's'}.`,
        undefined,
        { 'retry-after': String(seconds) },
      );
    }
    const row = await this.deps.exports.create(userId, now);
    if (!row) throw conflict(ALREADY_PREPARING);
    await this.deps.jobs.enqueue(EXPORT_JOBS.prepare, { exportId: row.id });
    return this.present(row, now);
  }

  async list(userId: string): Promise<{ items: DataExport[] }> {
    const now = this.deps.clock.now();
    return { items: (await this.deps.exports.list(userId)).map((r) => this.present(r, now)) };
  }

  /** The ZIP of a ready export, to stream, for a link its owner was given; "not found" else. */
  async open(id: string, link: { exp?: number | undefined; sig?: string | undefined }) {
    const row = await this.deps.exports.get(id);
    const now = this.deps.clock.now();
    const signed = this.deps.signer.verify(`export:${id}`, link.exp, link.sig, now);
    if (!row || !signed || statusOf(row, now) !== 'ready')
      throw notFound('This export is not available: it may have expired');
    return {
      stream: await this.deps.storage.get(keyOf(id)),
      size: row.size_bytes ?? undefined,
      fileName: `doers-data-${row.created_at.toISOString().slice(0, 10)}.zip`,
    };
  }

  /** The queued job: gathers the person's data, writes the ZIP, stores it, mails the link. */
  async prepare(exportId: string): Promise<void> {
    const row = await this.deps.exports.get(exportId);
    if (!row || row.status !== 'preparing') return;
    const dir = await mkdtemp(join(tmpdir(), 'doers-export-'));
    try {
      const path = join(dir, 'export.zip');
      const data = await this.deps.exports.personData(row.user_id);
      const size = await writeArchive(path, data, this.deps.storage);
      await this.deps.storage.put(keyOf(exportId), path, 'application/zip');
      const now = this.deps.clock.now();
      await this.deps.exports.ready(
        exportId,
        size,
        now,
        new Date(now.getTime() + EXPORT_KEEP_DAYS * DAY_MS),
      );
      // One ZIP per person: the one before it is gone as soon as this one can be downloaded.
      for (const id of await this.deps.exports.replaced(row.user_id, exportId, now))
        await this.deps.storage.delete(keyOf(id));
      const user = await this.deps.users.find(row.user_id);
      if (user)
        await this.deps.mailer.send(
          exportReadyMail(
            user.email,
            user.display_name || user.username,
            `${this.deps.publicUrl}/settings/your-data`,
          ),
        );
    } catch (error) {
      this.deps.log.error({ err: error, exportId }, 'preparing an export failed');
      await this.deps.exports.failed(exportId);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  private present(r: ExportRow, now: Date): DataExport {
    if (statusOf(r, now) !== 'ready') return presentRow(r, now, null);
    const { exp, sig } = this.deps.signer.sign(`export:${r.id}`, now);
    return presentRow(r, now, `/api/exports/${r.id}/file?exp=${exp}&sig=${sig}`);
  }

  /** The hourly job: exports past their days lose their files. */
  async removeExpired(): Promise<number> {
    const ids = await this.deps.exports.expired(this.deps.clock.now());
    for (const id of ids) await this.deps.storage.delete(keyOf(id));
    return ids.length;
  }
}

const keyOf = (exportId: string) => `${exportId}.zip`;

/** A ready export whose days are over is expired, even before the hourly job removes it. */
function statusOf(r: ExportRow, now: Date): DataExport['status'] {
  return r.status === 'ready' && r.expires_at !== null && r.expires_at <= now
    ? 'expired'
    : r.status;
}

function presentRow(r: ExportRow, now: Date, downloadUrl: string | null): DataExport {
  return {
    id: r.id,
    status: statusOf(r, now),
    createdAt: r.created_at.toISOString(),
    readyAt: r.ready_at?.toISOString() ?? null,
    expiresAt: r.expires_at?.toISOString() ?? null,
    sizeBytes: r.size_bytes === null ? null : Number(r.size_bytes),
    downloadUrl,
  };
}
