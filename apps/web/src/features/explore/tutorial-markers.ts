/** Targets of the join-quest tutorial on Explore (see features/posts/lib/tutorial-markers.ts). */
export const EXPLORE_TUTORIAL_MARKERS = { search: 'explore-search' } as const;
