import { blockedEitherWayWith } from '../../people/index.js';

/*
 * A post's counters as a person sees them agree with the lists beside them
 * (docs/product/posts-and-feed.md#counts). The counters on posts hold what everyone may see:
 * deactivated people's smiles, hums and comments leave them with the account and come back with
 * it (post-counters.repository.ts), and a hidden comment leaves them. What differs per person is
 * a block: the smiles, hums and comments of people behind a block with the viewer, taken out as
 * the post is read.
 */

type Counted = 'smiles' | 'hums' | 'comments';

/** The viewer's unseen part of one counter of `post`, as a scalar sub-query. */
export function unseenCount(post: string, viewer: string, counted: Counted): string {
  const people = `${blockedEitherWayWith(viewer)} ub
       JOIN users ub_u ON ub_u.id = ub.id AND ub_u.status <> 'Deleted'`;
  const rows = {
    smiles: `JOIN smiles ux ON ux.post_id = ${post}.id AND ux.user_id = ub.id`,
    hums: `JOIN hums ux ON ux.post_id = ${post}.id AND ux.user_id = ub.id`,
    comments: `JOIN comments ux ON ux.author_id = ub.id AND ux.post_id = ${post}.id
      AND ux.hidden_at IS NULL`,
  }[counted];
  return `(SELECT count(*)::int FROM ${people} ${rows})`;
}

/** The three unseen parts as columns unseen_smiles, unseen_hums, unseen_comments. */
export function unseenCountColumns(post: string, viewer: string): string {
  return (['smiles', 'hums', 'comments'] as const)
    .map((counted) => `${unseenCount(post, viewer, counted)} AS unseen_${counted}`)
    .join(', ');
}

/** What unseenCountColumns adds to a row. */
export type UnseenCounts = { unseen_smiles: number; unseen_hums: number; unseen_comments: number };
