import { SEARCH_QUERY_MAX, type Interest } from '@doers/contract';
import { useCallback, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { IconCompass } from '../../../components/ui/icons';
import { LoadMoreButton } from '../../../components/ui/load-more-button';
import { EmptyState, ErrorState, SkeletonList } from '../../../components/ui/state-panels';
import { errorMessage } from '../../../lib/api-error';
import { selectSignedInUserId, useAuthStore } from '../../../lib/auth/use-auth-store';
import { usePageTitle } from '../../../lib/use-page-title';
import { useExploreGrid } from '../api/use-explore-posts';
import { useInterests, useSearch } from '../api/use-search';
import { InterestFilter } from '../components/interest-filter';
import { PostGrid } from '../components/post-grid';
import { SearchField } from '../components/search-field';
import { SearchResultsList } from '../components/search-results';
import { useDebounced } from '../lib/use-debounced';
import { useSentinel } from '../lib/use-sentinel';
import '../explore.css';

/** The pause in typing after which a search is asked. */
export const SEARCH_DEBOUNCE_MS = 250;

/**
 * Explore (docs/product/explore.md): search people, quests, interests and posts as one types; when not
 * searching, recent public posts as a grid, all or of one interest. The text and the interest
 * live in the address (`?q=`, `?interest=`), so coming back from a profile finds them again.
 */
export function SearchPage() {
  usePageTitle('Explore');
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(() => params.get('q') ?? '');
  const interest = params.get('interest');
  const inputRef = useRef<HTMLInputElement>(null);
  const meId = useAuthStore(selectSignedInUserId) ?? undefined;

  const q = useDebounced(text.trim().slice(0, SEARCH_QUERY_MAX), SEARCH_DEBOUNCE_MS);
  const searching = text.trim().length > 0;
  const search = useSearch(searching ? q : '');

  const update = (next: { q?: string; interest?: string | null }) =>
    setParams(
      (current) => {
        const out = new URLSearchParams(current);
        if (next.q !== undefined) {
          if (next.q) out.set('q', next.q);
          else out.delete('q');
        }
        if (next.interest !== undefined) {
          if (next.interest) out.set('interest', next.interest);
          else out.delete('interest');
        }
        return out;
      },
      { replace: true },
    );

  const onText = (value: string) => {
    setText(value);
    update({ q: value.trim() });
  };
  const onInterest = (chosen: Interest) => {
    setText('');
    update({ q: '', interest: chosen.id });
  };

  return (
    <div className="page explore-page">
      <h1 className="page__title">Explore</h1>
      <SearchField
        value={text}
        onChange={onText}
        busy={searching && search.isFetching}
        inputRef={inputRef}
      />
      {searching ? (
        <div aria-live="polite" className="explore-page__results">
          {search.isPending && <SkeletonList count={3} variant="row" label="Searching" />}
          {search.isError && !search.data && (
            <ErrorState
              title="Search did not work"
              message={errorMessage(search.error, 'Something went wrong')}
              onRetry={() => void search.refetch()}
              retrying={search.isFetching}
            />
          )}
          {search.data && (
            <SearchResultsList
              results={search.data}
              query={q}
              meId={meId}
              onInterest={onInterest}
            />
          )}
        </div>
      ) : (
        <RecentPosts interest={interest} onInterest={(id) => update({ interest: id })} />
      )}
    </div>
  );
}

/** The interest chips and the grid of recent public posts, more as one scrolls. */
function RecentPosts({
  interest,
  onInterest,
}: {
  interest: string | null;
  onInterest(id: string | null): void;
}) {
  const interests = useInterests();
  const grid = useExploreGrid(interest);
  const posts = grid.data?.pages.flatMap((page) => page.items) ?? [];
  const chosen = interests.data?.find((i) => i.id === interest);

  const loadMore = useCallback(() => {
    if (grid.hasNextPage && !grid.isFetchingNextPage && !grid.isFetchNextPageError)
      void grid.fetchNextPage();
  }, [grid]);
  const sentinel = useSentinel<HTMLDivElement>(Boolean(grid.data) && grid.hasNextPage, loadMore, {
    deps: grid.data?.pages.length,
  });

  return (
    <section aria-labelledby="recent-posts" className="explore-recent">
      <h2 id="recent-posts" className="explore-results__heading">
        {chosen ? `Recent posts about ${chosen.label}` : 'Recent posts'}
      </h2>
      {interests.data && (
        <InterestFilter interests={interests.data} selected={interest} onSelect={onInterest} />
      )}
      {grid.isPending && <GridSkeleton />}
      {grid.isError && !grid.data && (
        <ErrorState
          title="Recent posts did not load"
          message={errorMessage(grid.error, 'Something went wrong')}
          onRetry={() => void grid.refetch()}
          retrying={grid.isFetching}
        />
      )}
      {grid.isSuccess && posts.length === 0 && (
        <EmptyState icon={<IconCompass size={28} />} title="No posts here yet">
          {chosen
            ? `Nobody who chose ${chosen.label} has shared a public post yet.`
            : 'Public posts show here as people share them.'}
        </EmptyState>
      )}
      {posts.length > 0 && <PostGrid posts={posts} interest={interest} />}
      {grid.data && grid.hasNextPage && (
        <div ref={sentinel} className="explore-more">
          {grid.isFetchNextPageError ? (
            <ErrorState
              title="More posts did not load"
              message={errorMessage(grid.error, 'Something went wrong')}
              onRetry={() => void grid.fetchNextPage()}
              retrying={grid.isFetchingNextPage}
            />
          ) : (
            <LoadMoreButton query={grid} label="Load more posts" variant="ghost" />
          )}
        </div>
      )}
    </section>
  );
}

function GridSkeleton() {
  return (
    <div className="explore-grid explore-grid--skeleton" role="status" aria-label="Loading posts">
      {Array.from({ length: 9 }, (_, index) => (
        <span key={index} className="explore-tile skeleton__block" aria-hidden="true" />
      ))}
    </div>
  );
}
