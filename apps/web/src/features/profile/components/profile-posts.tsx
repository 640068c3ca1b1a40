import { postsApi, type PublicUser } from '@doers/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Suspense, useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { ButtonLink } from '../../../components/ui/button';
import { IconMic } from '../../../components/ui/icons';
import { LoadMoreButton } from '../../../components/ui/load-more-button';
import { EmptyState, ErrorState, SkeletonList } from '../../../components/ui/state-panels';
import { api } from '../../../lib/api';
import { errorMessage } from '../../../lib/api-error';
import { reflects } from '../../../lib/query-topics';
import { PostCard, postKeys } from '../../posts';

/** A person's posts that I may see, newest first, a page at a time. */
function useUserPosts(userId: string) {
  return useInfiniteQuery({
    ...reflects('posts'),
    queryKey: postKeys.ofUser(userId),
    queryFn: ({ pageParam, signal }) =>
      api.call(postsApi.ofUser, {
        params: { id: userId },
        query: { limit: 10, cursor: pageParam ?? undefined },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    refetchOnMount: 'always',
  });
}

/** Loads the next page as the end of the list comes near; the button stays for keyboards. */
function useLoadOnApproach(query: ReturnType<typeof useUserPosts>) {
  const ref = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    const element = ref.current;
    if (!element || !hasNextPage || isFetchingNextPage) return;
    if (typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void fetchNextPage();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  return ref;
}

/** The posts part of a profile (docs/product/profiles.md): mine, or theirs that I may see. */
export function ProfilePosts({ person, isOwn }: { person: PublicUser; isOwn: boolean }) {
  const query = useUserPosts(person.id);
  const sentinel = useLoadOnApproach(query);
  const name = person.displayName || `@${person.username}`;
  const posts = query.data?.pages.flatMap((page) => page.items) ?? [];

  let body;
  if (query.isPending) {
    body = <SkeletonList count={2} label={isOwn ? 'Loading your posts' : 'Loading posts'} />;
  } else if (query.isError) {
    body = (
      <ErrorState
        title={isOwn ? 'Your posts did not load' : 'Their posts did not load'}
        message={errorMessage(query.error, 'Something went wrong')}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  } else if (posts.length === 0) {
    body = (
      <EmptyState
        icon={<IconMic size={24} />}
        title="No posts yet"
        level={3}
        compact
        action={
          isOwn && (
            <ButtonLink to="/post" icon={<IconMic size={20} />}>
              Share your first post
            </ButtonLink>
          )
        }
      >
        {isOwn ? (
          <p>Record a voice note about your progress and share it.</p>
        ) : (
          <p>{name} has not shared a post you can see yet.</p>
        )}
      </EmptyState>
    );
  } else {
    body = (
      <>
        <Suspense fallback={<SkeletonList count={2} label="Loading posts" />}>
          <div
            className="profile-posts"
            role="feed"
            aria-label={isOwn ? 'Your posts' : `${name}'s posts`}
          >
            {posts.map((post) => (
              <PostCard key={post.id} post={post} />
            ))}
          </div>
        </Suspense>
        <div ref={sentinel} aria-hidden="true" />
        <LoadMoreButton query={query} label="More posts" />
      </>
    );
  }

  return (
    <section className="profile-posts-section" aria-labelledby="posts-title">
      <div className="profile-section__head">
        <h2 id="posts-title" className="card__title">
          Posts
        </h2>
        {isOwn && posts.length > 0 && (
          <Link to="/post" className="profile-section__link">
            New post
          </Link>
        )}
      </div>
      {body}
    </section>
  );
}
