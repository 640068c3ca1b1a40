import { badRequest } from './errors.js';

/** Cursors point at the last item seen: its time and id, so pages stay stable under inserts. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type Cursor = { at: Date; id: string };

export function encodeCursor(at: Date, id: string): string {
  return Buffer.from(`${at.toISOString()}|${id}`).toString('base64url');
}

export function decodeCursor(cursor: string | undefined): Cursor | null {
  if (!cursor) return null;
  const [iso, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const at = new Date(iso ?? '');
  const year = at.getUTCFullYear();
  if (!id || !UUID.test(id) || Number.isNaN(at.getTime()) || year < 2000 || year > 3000) {
    throw badRequest('cursor: not a cursor this API gave out');
  }
  return { at, id };
}

/** Fetch `limit + 1` rows; this trims the extra one and says where the next page starts. */
export function page<T>(
  rows: T[],
  limit: number,
  key: (row: T) => Cursor,
): { items: T[]; nextCursor: string | null } {
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  return {
    items,
    nextCursor: rows.length > limit && last ? encodeCursor(key(last).at, key(last).id) : null,
  };
}
