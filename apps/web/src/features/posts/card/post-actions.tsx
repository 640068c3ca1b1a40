import type { Post } from '@doers/contract';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { IconFlame, IconHum, IconMessage, IconSmile } from '../../../components/ui/icons';
import { usePendingCount } from '../../../lib/offline-queue';
import { toast } from '../../../lib/toast-store';
import { POST_TUTORIAL_MARKERS } from '../lib/tutorial-markers';
import { useHumToggle, useSmileToggle } from '../api/use-reactions';
import { humBlockedReason, reactionLabels } from '../lib/reaction-labels';
import { VibeSheet } from './vibe-sheet';

const withPending = (label: string, pending: boolean) =>
  pending ? `${label} (waiting to send)` : label;

/** Smile, Hum, Vibe and Comment with their counts; smile and hum answer at once. */
export function PostActions({ post }: { post: Post }) {
  const smile = useSmileToggle();
  const hum = useHumToggle();
  const [vibing, setVibing] = useState(false);
  const labels = reactionLabels(post);
  const humReason = humBlockedReason(post);
  const reasonId = useId();
  // Presses made offline: the button shows its new state, marked until the server has it.
  const smilePending = usePendingCount('smile', post.id) > 0;
  const humPending = usePendingCount('hum', post.id) > 0;
  const vibePending = usePendingCount('vibe', post.id) > 0;

  return (
    <div className="post-actions" role="group" aria-label="Reactions">
      <button
        type="button"
        className={`post-action${post.viewer.smiled ? ' is-on post-action--smiled' : ''}${smilePending ? ' is-pending' : ''}`}
        aria-pressed={post.viewer.smiled}
        data-tutorial={POST_TUTORIAL_MARKERS.smileButton}
        aria-label={withPending(labels.smile, smilePending)}
        onClick={() => smile.toggle(post)}
      >
        <IconSmile size={22} />
        <span aria-hidden="true">{post.counts.smiles}</span>
      </button>
      <button
        type="button"
        className={`post-action${post.viewer.hummed ? ' is-on post-action--hummed' : ''}${humPending ? ' is-pending' : ''}`}
        aria-pressed={post.viewer.hummed}
        aria-label={withPending(labels.hum, humPending)}
        // Focusable while unavailable, so the reason can be heard and shown.
        aria-disabled={humReason ? true : undefined}
        aria-describedby={humReason ? reasonId : undefined}
        title={humReason ?? undefined}
        onClick={() => (humReason ? toast.info(humReason) : hum.toggle(post))}
      >
        <IconHum size={22} />
        <span aria-hidden="true">{post.counts.hums}</span>
      </button>
      {humReason && (
        <span id={reasonId} className="sr-only">
          {humReason}
        </span>
      )}
      {!post.viewer.isAuthor && (
        <button
          type="button"
          className={`post-action${vibePending ? ' is-pending' : ''}`}
          aria-label={withPending(labels.vibe, vibePending)}
          aria-haspopup="dialog"
          data-tutorial={POST_TUTORIAL_MARKERS.vibeButton}
          onClick={() => setVibing(true)}
        >
          <IconFlame size={22} />
          <span aria-hidden="true">{post.counts.vibes}</span>
        </button>
      )}
      {post.viewer.isAuthor && (
        <span className="post-action post-action--static" aria-label={labels.vibe} role="img">
          <IconFlame size={22} />
          <span aria-hidden="true">{post.counts.vibes}</span>
        </span>
      )}
      <Link
        to={`/posts/${post.id}#comments`}
        className="post-action"
        aria-label={labels.comment}
        data-tutorial={POST_TUTORIAL_MARKERS.commentButton}
      >
        <IconMessage size={22} />
        <span aria-hidden="true">{post.counts.comments}</span>
      </Link>
      {vibing && <VibeSheet post={post} onClose={() => setVibing(false)} />}
    </div>
  );
}
