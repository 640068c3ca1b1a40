import type { Comment } from '@doers/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { IconFlag, IconMessage, IconTrash } from '../../../components/ui/icons';
import { LoadMoreButton } from '../../../components/ui/load-more-button';
import { EmptyState, ErrorState, SkeletonList } from '../../../components/ui/state-panels';
import { VoicePlayer } from '../../../components/voice/voice-player';
import { errorMessage } from '../../../lib/api-error';
import { selectSignedInUserId, useAuthStore } from '../../../lib/auth/use-auth-store';
import { ReportDialog } from '../../safety';
import { useComments, useDeleteComment } from '../api/use-post';
import { timeAgo, timeAgoLong } from '../lib/time-ago';
import { useNow } from '../lib/use-now';

/**
 * A post's voice comments, oldest first, each with a small player, Delete when allowed, and
 * Report on other people's.
 */
export function CommentList({ postId }: { postId: string }) {
  const comments = useComments(postId);
  const remove = useDeleteComment(postId);
  const myId = useAuthStore(selectSignedInUserId);
  const [deleting, setDeleting] = useState<Comment | null>(null);
  const [reporting, setReporting] = useState<Comment | null>(null);
  const now = useNow();
  const items = comments.data?.pages.flatMap((page) => page.items) ?? [];

  if (comments.isPending) return <SkeletonList count={2} variant="row" label="Loading comments" />;
  if (comments.isError)
    return (
      <ErrorState
        title="Comments did not load"
        message={errorMessage(comments.error, 'Something went wrong')}
        onRetry={() => void comments.refetch()}
        retrying={comments.isFetching}
      />
    );

  return (
    <>
      {items.length === 0 ? (
        <EmptyState compact level={3} icon={<IconMessage size={22} />} title="No comments yet">
          Hold the microphone below and say something kind.
        </EmptyState>
      ) : (
        <ol className="comment-list">
          {items.map((comment) => {
            const mine = comment.author.id === myId;
            const name = comment.author.displayName || `@${comment.author.username}`;
            return (
              <li key={comment.id} className="comment">
                <Link
                  to={mine ? '/profile' : `/users/${comment.author.id}`}
                  className="comment__avatar"
                  tabIndex={-1}
                  aria-hidden="true"
                >
                  <Avatar name={name} src={comment.author.profilePictureUrl} size={36} />
                </Link>
                <div className="comment__body">
                  <p className="comment__who">
                    <Link to={mine ? '/profile' : `/users/${comment.author.id}`}>{name}</Link>
                    <span className="muted">
                      {' · '}
                      <time
                        dateTime={comment.createdAt}
                        title={timeAgoLong(comment.createdAt, now)}
                      >
                        {timeAgo(comment.createdAt, now)}
                      </time>
                    </span>
                  </p>
                  <VoicePlayer
                    src={comment.voice.url}
                    label={`voice comment by ${name}`}
                    peaks={comment.voice.waveform}
                    durationMs={comment.voice.durationMs}
                    className="comment__player"
                    transcript={comment.voice.transcript}
                    editableMediaId={mine ? comment.voice.id : undefined}
                  />
                </div>
                {comment.canDelete && (
                  <button
                    type="button"
                    className="comment__delete"
                    aria-label={`Delete comment by ${name}`}
                    onClick={() => setDeleting(comment)}
                  >
                    <IconTrash size={18} />
                  </button>
                )}
                {!mine && (
                  <button
                    type="button"
                    className="comment__delete comment__report"
                    aria-label={`Report comment by ${name}`}
                    onClick={() => setReporting(comment)}
                  >
                    <IconFlag size={18} />
                  </button>
                )}
              </li>
            );
          })}
        </ol>
      )}
      <LoadMoreButton query={comments} label="Load more comments" variant="ghost" />
      {reporting && (
        <ReportDialog
          open
          onClose={() => setReporting(null)}
          targetType="comment"
          targetId={reporting.id}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this comment?"
        confirmLabel="Delete"
        tone="danger"
        onConfirm={() => {
          if (deleting) remove.remove(deleting);
          setDeleting(null);
        }}
        onClose={() => setDeleting(null)}
      >
        The voice comment goes for good.
      </ConfirmDialog>
    </>
  );
}
