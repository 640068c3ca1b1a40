import type { ReactNode } from 'react';
import { LoadMoreButton } from '../../../components/ui/load-more-button';
import { EmptyState, ErrorState, SkeletonList } from '../../../components/ui/state-panels';
import { errorMessage } from '../../../lib/api-error';

interface PagedQuery<T> {
  data: { pages: Array<{ items: T[] }> } | undefined;
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  isFetching: boolean;
  refetch: () => Promise<unknown>;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** A /vibes list with its loading skeleton, error with retry, empty state and next page. */
export function PagedList<T>({
  query,
  label,
  empty,
  renderItem,
}: {
  query: PagedQuery<T>;
  /** Names the list, its loading state and its error ("Vibes received"). */
  label: string;
  empty: { icon: ReactNode; title: string; text: ReactNode };
  renderItem: (item: T) => ReactNode;
}) {
  if (query.isPending) return <SkeletonList count={3} variant="row" label={`Loading ${label}`} />;
  if (query.isError) {
    return (
      <ErrorState
        title={`${label} did not load`}
        message={errorMessage(query.error, 'Something went wrong')}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  if (items.length === 0) {
    return (
      <EmptyState icon={empty.icon} title={empty.title} level={3}>
        <p>{empty.text}</p>
      </EmptyState>
    );
  }
  return (
    <>
      <ul className="vibes-list" aria-label={label}>
        {items.map(renderItem)}
      </ul>
      <LoadMoreButton query={query} label="Load more" variant="ghost" />
    </>
  );
}
