import { z } from 'zod';

/** Cursor paging of every list: `nextCursor` is null on the last page. */
export const pageQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export type PageQuery = z.input<typeof pageQuery>;

export function pageOf<S extends z.ZodType>(item: S) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable() });
}
