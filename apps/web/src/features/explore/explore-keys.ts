/** The query keys of Explore, all under 'explore'. */
export const exploreKeys = {
  all: ['explore'] as const,
  search: (q: string) => ['explore', 'search', q] as const,
  /** The grid: recent public posts, all or of one interest (infinite pages). */
  grid: (interest: string | null) => ['explore', 'grid', interest ?? 'all'] as const,
  /** The swipe feed from one post on (infinite pages). */
  swipe: (postId: string, interest: string | null) =>
    ['explore', 'swipe', postId, interest ?? 'all'] as const,
  interests: ['explore', 'interests'] as const,
};
