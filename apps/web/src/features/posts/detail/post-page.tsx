import { COMMENT_SECONDS, postIdParams } from '@doers/contract';
import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { ButtonLink } from '../../../components/ui/button';
import { IconMic } from '../../../components/ui/icons';
import { EmptyState, ErrorState, SkeletonList } from '../../../components/ui/state-panels';
import { VoiceRecorder } from '../../../components/voice/voice-recorder';
import { errorMessage, isApiError } from '../../../lib/api-error';
import { usePageTitle } from '../../../lib/use-page-title';
import { usePost, useSendComment } from '../api/use-post';
import { POST_TUTORIAL_MARKERS } from '../lib/tutorial-markers';
import { PendingVoiceList } from '../../../components/offline/pending-voice';
import { PostCard } from '../card/post-card';
import { CommentList } from './comment-list';
import { ReactorsSection } from './reactors-section';
import './post-page.css';

function PostUnavailable() {
  return (
    <div className="card">
      <EmptyState
        icon={<IconMic size={28} />}
        title="This post isn't available"
        action={
          <ButtonLink to="/feed" variant="secondary">
            Go to Feed
          </ButtonLink>
        }
      >
        <p>It may have been deleted, or it is not shared with you.</p>
      </EmptyState>
    </div>
  );
}

/** /posts/{postId}: the post, who smiled and hummed, its voice comments and a recorder for mine. */
export function PostPage() {
  const { postId = '' } = useParams();
  const validId = postIdParams.safeParse({ id: postId }).success;
  const query = usePost(validId ? postId : '');
  const navigate = useNavigate();
  const post = query.data;
  const name = post ? post.author.displayName || `@${post.author.username}` : null;
  usePageTitle(name ? `Post by ${name}` : 'Post');

  if (!validId || (query.isError && isApiError(query.error) && query.error.statusCode === 404))
    return <PostUnavailable />;

  return (
    <div className="page post-page">
      {query.isPending && <SkeletonList count={1} label="Loading the post" />}
      {query.isError && (
        <>
          <h1 className="page__title">Post</h1>
          <ErrorState
            title="This post did not load"
            message={errorMessage(query.error, 'Something went wrong')}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        </>
      )}
      {post && (
        <>
          <PostCard post={post} standalone onDeleted={() => void navigate('/feed')} />
          <ReactorsSection postId={post.id} kind="smiles" count={post.counts.smiles} />
          <ReactorsSection postId={post.id} kind="hums" count={post.counts.hums} />
          <CommentsSection postId={post.id} count={post.counts.comments} />
        </>
      )}
    </div>
  );
}

function CommentsSection({ postId, count }: { postId: string; count: number }) {
  const { hash } = useLocation();
  const { send, progress } = useSendComment(postId);

  // Arriving from a card's Comment button (#comments): the comments, not the top of the post.
  useEffect(() => {
    if (hash === '#comments') document.getElementById('comments')?.scrollIntoView();
  }, [hash]);

  return (
    <section id="comments" className="card post-comments" aria-labelledby="comments-title">
      <h2 id="comments-title" className="section-title">
        Voice comments{count > 0 ? ` (${count})` : ''}
      </h2>
      <CommentList postId={postId} />
      <PendingVoiceList type="comment" subject={postId} label="Comments waiting to be sent" />
      <div
        className="post-comments__recorder"
        data-tutorial={POST_TUTORIAL_MARKERS.commentRecorder}
      >
        <VoiceRecorder
          mode="hold"
          maxSeconds={COMMENT_SECONDS}
          label="voice comment"
          sendLabel="Send comment"
          progress={progress}
          onSend={(voice) => send(voice.blob, voice.transcript)}
        />
      </div>
    </section>
  );
}
