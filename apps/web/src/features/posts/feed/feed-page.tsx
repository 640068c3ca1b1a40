import { useCallback, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { ButtonLink } from '../../../components/ui/button';
import { IconCompass, IconMic, IconTarget } from '../../../components/ui/icons';
import { LoadMoreButton } from '../../../components/ui/load-more-button';
import { Spinner } from '../../../components/ui/spinner';
import { EmptyState, ErrorState, SkeletonList } from '../../../components/ui/state-panels';
import { errorMessage } from '../../../lib/api-error';
import { usePageTitle } from '../../../lib/use-page-title';
import { useFeed, useFeedHead, useRefreshFeed } from '../api/use-feed';
import { PostCard } from '../card/post-card';
import { PendingPosts } from './pending-posts';
import { hasNewerPost } from '../lib/new-posts';
import { PULL_THRESHOLD_PX } from '../lib/pull-to-refresh';
import { usePullToRefresh } from './use-pull-to-refresh';
import { useDrawnCount } from './use-drawn-count';
import { useSentinel } from './use-sentinel';
import './feed.css';

/**
 * The feed (docs/product/posts-and-feed.md): my posts, posts of the people I vibe with and those
 * they hummed, posts on quests we share; newest first, more as I scroll, a "New posts" pill when
 * something newer arrived, pull to refresh on a touch screen.
 */
export function FeedPage() {
  usePageTitle('Feed');
  const feed = useFeed();
  const posts = feed.data?.pages.flatMap((page) => page.items) ?? [];
  const drawn = useDrawnCount(posts.length);
  const allDrawn = drawn === posts.length;
  const head = useFeedHead(feed.isSuccess);
  const refreshFeed = useRefreshFeed();
  const { distance, refreshing } = usePullToRefresh(refreshFeed);
  const showPill = feed.isSuccess && !refreshing && hasNewerPost(head.data, posts[0]);

  const loadMore = useCallback(() => {
    if (feed.hasNextPage && !feed.isFetchingNextPage && !feed.isFetchNextPageError)
      void feed.fetchNextPage();
  }, [feed]);
  const sentinel = useSentinel<HTMLDivElement>(
    Boolean(feed.data) && feed.hasNextPage && allDrawn,
    loadMore,
    feed.data?.pages.length,
  );

  const toTop = useCallback(() => {
    window.scrollTo({ top: 0, behavior: 'smooth' });
    void refreshFeed();
  }, [refreshFeed]);

  // Home tapped again while here (a new entry for the same address): up to the newest posts.
  const { key } = useLocation();
  const arrivedWith = useRef(key);
  useEffect(() => {
    if (key !== arrivedWith.current) toTop();
  }, [key, toTop]);

  return (
    <div className="page feed-page">
      <h1 className="page__title">Feed</h1>
      {(distance > 0 || refreshing) && (
        <div
          className={`feed-pull${distance >= PULL_THRESHOLD_PX ? ' is-ready' : ''}`}
          style={{ height: refreshing ? 48 : distance }}
          aria-hidden={!refreshing}
        >
          {refreshing ? (
            <Spinner size={24} label="Refreshing your feed" />
          ) : (
            <span className="feed-pull__hint">
              {distance >= PULL_THRESHOLD_PX ? 'Release to refresh' : 'Pull to refresh'}
            </span>
          )}
        </div>
      )}
      {showPill && (
        <button type="button" className="feed-new-pill" onClick={toTop}>
          New posts
        </button>
      )}
      <PendingPosts />
      {feed.isPending && <SkeletonList count={3} label="Loading your feed" />}
      {feed.isError && !feed.data && (
        <ErrorState
          title="Your feed did not load"
          message={errorMessage(feed.error, 'Something went wrong')}
          onRetry={() => void feed.refetch()}
          retrying={feed.isFetching}
        />
      )}
      {feed.isSuccess && posts.length === 0 && <QuietFeed />}
      {posts.length > 0 && (
        <div
          className="feed-list"
          role="feed"
          aria-busy={feed.isFetching || !allDrawn}
          aria-label="Posts"
        >
          {posts.slice(0, drawn).map((post) => (
            <PostCard key={post.id} post={post} />
          ))}
        </div>
      )}
      {/* Below the last card drawn, not in the middle of the list while it is drawn. */}
      {feed.data && feed.hasNextPage && allDrawn && (
        <div ref={sentinel} className="feed-more">
          {feed.isFetchNextPageError ? (
            <ErrorState
              title="More posts did not load"
              message={errorMessage(feed.error, 'Something went wrong')}
              onRetry={() => void feed.fetchNextPage()}
              retrying={feed.isFetchingNextPage}
            />
          ) : (
            <LoadMoreButton query={feed} label="Load more posts" variant="ghost" />
          )}
        </div>
      )}
      {feed.isSuccess && !feed.hasNextPage && posts.length > 0 && allDrawn && (
        <p className="feed-end muted">You're all caught up.</p>
      )}
    </div>
  );
}

/** An empty feed leads somewhere: people to vibe with, a quest to start, a first post. */
function QuietFeed() {
  return (
    <div className="card">
      <EmptyState
        icon={<IconMic size={28} />}
        title="Your feed is quiet"
        action={
          <div className="feed-empty__actions">
            <ButtonLink to="/search" icon={<IconCompass size={20} />}>
              Explore people and quests
            </ButtonLink>
            <ButtonLink to="/quests/create" variant="secondary" icon={<IconTarget size={20} />}>
              Start a quest
            </ButtonLink>
            <ButtonLink to="/post" variant="secondary" icon={<IconMic size={20} />}>
              Share a voice post
            </ButtonLink>
          </div>
        }
      >
        Posts from you, the people you vibe with and the quests you share show here. Find people to
        vibe with, or start something of your own.
      </EmptyState>
    </div>
  );
}
