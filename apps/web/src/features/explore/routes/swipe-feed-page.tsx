import type { Post } from '@doers/contract';
import { Suspense, useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { ButtonLink } from '../../../components/ui/button';
import { IconArrowLeft, IconCompass, IconPlay } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { EmptyState, ErrorState, SkeletonList } from '../../../components/ui/state-panels';
import { errorMessage } from '../../../lib/api-error';
import { usePageTitle } from '../../../lib/use-page-title';
import { PostCard } from '../../posts';
import { useSwipeFeed } from '../api/use-explore-posts';
import { swipeStep } from '../lib/swipe-keys';
import { useSettledSlide } from '../lib/use-settled-slide';
import '../swipe-feed.css';

/**
 * Explore's swipe feed (docs/product/explore.md): the post tapped in the grid, then older public
 * posts, one per screen. A post's voice starts once it has settled on screen and pauses when it
 * leaves; arrows and Page Up/Down move between posts.
 */
export function SwipeFeedPage() {
  usePageTitle('Explore');
  const { postId = '' } = useParams();
  const [params] = useSearchParams();
  const interest = params.get('interest');
  const feed = useSwipeFeed(postId, interest);
  const posts = feed.data?.pages.flatMap((page) => page.items) ?? [];
  const [root, setRoot] = useState<HTMLDivElement | null>(null);
  const { visible, settled } = useSettledSlide(root, posts.length);
  const [blocked, setBlocked] = useState<string | null>(null);

  // Near the end: ask for the next posts before the reader reaches them.
  useEffect(() => {
    if (visible >= posts.length - 2 && feed.hasNextPage && !feed.isFetchingNextPage)
      if (!feed.isFetchNextPageError) void feed.fetchNextPage();
  }, [visible, posts.length, feed]);

  // The settled post plays; every other one is paused.
  useEffect(() => {
    if (!root) return;
    const audios = root.querySelectorAll<HTMLAudioElement>('[data-slide-index] audio');
    audios.forEach((audio) => {
      const slide = audio.closest<HTMLElement>('[data-slide-index]');
      if (Number(slide?.dataset['slideIndex']) !== visible && !audio.paused) audio.pause();
    });
    if (settled === null) return;
    const slide = root.querySelector<HTMLElement>(`[data-slide-index="${settled}"]`);
    const audio = slide?.querySelector('audio');
    if (!audio || !audio.paused || audio.ended) return;
    audio.play().then(
      () => setBlocked(null),
      // The browser refuses to play before the person has touched the page: offer a tap.
      (error: unknown) => {
        if (error instanceof DOMException && error.name === 'NotAllowedError')
          setBlocked(slide?.dataset['postId'] ?? null);
      },
    );
  }, [root, settled, visible, posts.length]);

  const move = useCallback(
    (step: 1 | -1) => {
      if (!root) return;
      const next = Math.min(Math.max(visible + step, 0), posts.length - 1);
      root
        .querySelector<HTMLElement>(`[data-slide-index="${next}"]`)
        ?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    },
    [root, visible, posts.length],
  );
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const step = swipeStep(event);
      if (step === 0) return;
      event.preventDefault();
      move(step);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [move]);

  const playBlocked = (post: Post) => {
    const audio = root?.querySelector<HTMLAudioElement>(`[data-post-id="${post.id}"] audio`);
    void audio?.play().then(() => setBlocked(null));
  };

  return (
    <div className="swipe-page">
      <h1 className="sr-only">Explore posts</h1>
      <BackButton />
      {feed.isPending && (
        <div className="swipe-page__state">
          <SkeletonList count={1} label="Loading posts" />
        </div>
      )}
      {feed.isError && !feed.data && (
        <div className="swipe-page__state">
          <ErrorState
            title="These posts did not load"
            message={errorMessage(feed.error, 'Something went wrong')}
            onRetry={() => void feed.refetch()}
            retrying={feed.isFetching}
          />
        </div>
      )}
      {feed.isSuccess && posts.length === 0 && (
        <div className="swipe-page__state card">
          <EmptyState
            icon={<IconCompass size={28} />}
            title="This post is not here any more"
            action={<ButtonLink to="/search">Back to Explore</ButtonLink>}
          >
            It may have been deleted, or it is not public.
          </EmptyState>
        </div>
      )}
      {posts.length > 0 && (
        <div ref={setRoot} className="swipe-feed">
          <div role="feed" aria-label="Posts, one per screen" aria-busy={feed.isFetchingNextPage}>
            {posts.map((post, index) => (
              <div
                key={post.id}
                className="swipe-slide"
                data-slide-index={index}
                data-post-id={post.id}
              >
                <Suspense fallback={<Spinner label="Loading post" />}>
                  <PostCard post={post} transcriptPreview />
                </Suspense>
                {blocked === post.id && (
                  <button
                    type="button"
                    className="swipe-slide__tap"
                    onClick={() => playBlocked(post)}
                  >
                    <IconPlay size={18} /> Tap to play
                  </button>
                )}
              </div>
            ))}
          </div>
          <div className="swipe-slide swipe-slide--end">
            {feed.hasNextPage || feed.isFetchingNextPage ? (
              feed.isFetchNextPageError ? (
                <ErrorState
                  title="More posts did not load"
                  message={errorMessage(feed.error, 'Something went wrong')}
                  onRetry={() => void feed.fetchNextPage()}
                  retrying={feed.isFetchingNextPage}
                />
              ) : (
                <Spinner label="Loading more posts" />
              )
            ) : (
              <EmptyState
                icon={<IconCompass size={28} />}
                title="You're all caught up"
                action={<ButtonLink to="/search">Back to Explore</ButtonLink>}
              >
                These were the recent public posts.
              </EmptyState>
            )}
          </div>
        </div>
      )}
    </div>
  );
}

/** Back where one came from (the grid), or to Explore when the feed was opened directly. */
function BackButton() {
  const navigate = useNavigate();
  const location = useLocation();
  const hasHistory = location.key !== 'default';
  return (
    <button
      type="button"
      className="swipe-page__back"
      aria-label="Back to Explore"
      onClick={() => (hasHistory ? navigate(-1) : navigate('/search'))}
    >
      <IconArrowLeft size={22} />
    </button>
  );
}
