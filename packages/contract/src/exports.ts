import { z } from 'zod';
import { endpoint } from './http.js';

/**
 * "Your data" (docs/product/your-data.md): a ZIP of everything a person made on Doers, prepared
 * as a job and offered for download for EXPORT_KEEP_DAYS days.
 */
export const EXPORT_KEEP_DAYS = 7;
/** Exports a person may ask for in any 24 hours: each one gathers all they ever made. */
export const EXPORTS_PER_DAY = 3;

export const dataExport = z.object({
  id: z.string(),
  status: z.enum(['preparing', 'ready', 'failed', 'expired']),
  createdAt: z.string(),
  readyAt: z.string().nullable(),
  /** When the file is removed (ready exports only). */
  expiresAt: z.string().nullable(),
  sizeBytes: z.number().int().nullable(),
  /** A link that downloads the ZIP (signed: it opens without a token), while it is ready. */
  downloadUrl: z.string().nullable(),
});
export type DataExport = z.infer<typeof dataExport>;

export const exportIdParams = z.object({ id: z.uuid('Not a valid export id') });
export const exportFileQuery = z.object({
  exp: z.coerce.number().int().optional(),
  sig: z.string().max(100).optional(),
});

export const exportsApi = {
  /** Starts preparing a new export (one at a time); a mail says when it is ready. */
  request: endpoint({
    method: 'POST',
    path: '/exports',
    access: 'signed-in',
    allowSuspended: true,
    response: dataExport,
    status: 201,
  }),
  /** My exports, newest first (the last few). */
  list: endpoint({
    method: 'GET',
    path: '/exports',
    access: 'signed-in',
    allowSuspended: true,
    response: z.object({ items: z.array(dataExport) }),
  }),
  /** The ZIP itself (binary), while it is kept: `downloadUrl`, signed for its owner. */
  file: endpoint({
    method: 'GET',
    path: '/exports/:id/file',
    access: 'public',
    params: exportIdParams,
    query: exportFileQuery,
    response: null,
    status: 200,
  }),
};
