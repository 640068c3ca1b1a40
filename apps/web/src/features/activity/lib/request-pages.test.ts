import type { QuestRequest } from '@doers/contract';
import { describe, expect, it } from 'vitest';
import { findRequest, restoreRequest, withoutRequest, type RequestPages } from './request-pages';

const request = (id: string) => ({ id }) as QuestRequest;
const ids = (data: RequestPages | undefined) =>
  data?.pages.map((page) => page.items.map((item) => item.id));

function pages(...lists: string[][]): RequestPages {
  return {
    pageParams: lists.map(() => null),
    pages: lists.map((list) => ({ items: list.map(request), nextCursor: null })),
  } as unknown as RequestPages;
}

describe('request pages', () => {
  it('restores only the failed request, where it was', () => {
    const start = pages(['a', 'b', 'c'], ['d']);
    const positionA = findRequest(start, 'a');
    const positionB = findRequest(start, 'b');
    // Both decided quickly: both leave the list.
    const both = withoutRequest(withoutRequest(start, 'a'), 'b');
    expect(ids(both)).toEqual([['c'], ['d']]);
    // Only "b" failed: "a" stays gone.
    expect(positionA).toEqual({ page: 0, index: 0, nextId: 'b' });
    expect(ids(restoreRequest(both, request('b'), positionB))).toEqual([['b', 'c'], ['d']]);
  });

  it('does not duplicate a request already back in the list', () => {
    const data = pages(['a']);
    expect(restoreRequest(data, request('a'), { page: 0, index: 0, nextId: null })).toBe(data);
  });

  it('falls back to the top when the page is gone', () => {
    expect(
      ids(restoreRequest(pages(['c']), request('a'), { page: 3, index: 1, nextId: null })),
    ).toEqual([['a', 'c']]);
  });
});
