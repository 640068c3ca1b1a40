import type { QuestRequest, QuestRequestList } from '@doers/contract';
import type { InfiniteData } from '@tanstack/react-query';

export type RequestPages = InfiniteData<QuestRequestList, string | null>;

/** Where a request sat in the list, so a failed decision puts it back in the same place. */
export interface RequestPosition {
  page: number;
  index: number;
  /** The request right after it, if any: the best anchor once others have left the list. */
  nextId: string | null;
}

export function findRequest(data: RequestPages | undefined, id: string): RequestPosition | null {
  for (const [page, { items }] of (data?.pages ?? []).entries()) {
    const index = items.findIndex((item) => item.id === id);
    if (index >= 0) return { page, index, nextId: items[index + 1]?.id ?? null };
  }
  return null;
}

export function withoutRequest(
  data: RequestPages | undefined,
  id: string,
): RequestPages | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      items: page.items.filter((item) => item.id !== id),
    })),
  };
}

/** Puts back only this request (others decided meanwhile stay gone). */
export function restoreRequest(
  data: RequestPages | undefined,
  request: QuestRequest,
  position: RequestPosition | null,
): RequestPages | undefined {
  if (!data || findRequest(data, request.id)) return data;
  const anchor = position?.nextId ? findRequest(data, position.nextId) : null;
  const target =
    anchor ?? (position && position.page < data.pages.length ? position : { page: 0, index: 0 });
  return {
    ...data,
    pages: data.pages.map((page, pageIndex) => {
      if (pageIndex !== target.page) return page;
      const items = [...page.items];
      items.splice(Math.min(target.index, items.length), 0, request);
      return { ...page, items };
    }),
  };
}
