import { post, postPage, type Post, type PostPage } from '@doers/contract';
import { nextTask } from '../../../lib/next-task';

/**
 * How many posts one task checks. The first post builds the post schemas (half the cost of a
 * small page); each post after it costs a few milliseconds on a phone, so a page of twenty
 * checked at once is one task long enough for a tap to wait on.
 */
const POSTS_PER_TASK = 4;

/**
 * A page of posts checked against the contract a few posts a task: the same answer as
 * `postPage.safeParse`, or null where that would fail.
 */
export async function checkedPostPage(raw: unknown): Promise<PostPage | null> {
  if (typeof raw !== 'object' || raw === null || !('items' in raw) || !Array.isArray(raw.items))
    return null;
  const { items, ...rest } = raw;
  const envelope = postPage.safeParse({ ...rest, items: [] });
  if (!envelope.success) return null;
  const checked: Post[] = [];
  for (const [index, item] of (items as unknown[]).entries()) {
    if (index > 0 && index % POSTS_PER_TASK === 0) await nextTask();
    const result = post.safeParse(item);
    if (!result.success) return null;
    checked.push(result.data);
  }
  return { ...envelope.data, items: checked };
}
