import { Button } from './button';

/** The "next page" control under every cursor-paginated list. */
export function LoadMoreButton({
  query,
  label = 'Load more',
  variant = 'secondary',
}: {
  query: {
    hasNextPage: boolean;
    isFetchingNextPage: boolean;
    fetchNextPage: () => Promise<unknown>;
  };
  label?: string;
  variant?: 'secondary' | 'ghost';
}) {
  if (!query.hasNextPage) return null;
  return (
    <Button
      variant={variant}
      block
      loading={query.isFetchingNextPage}
      onClick={() => void query.fetchNextPage()}
    >
      {label}
    </Button>
  );
}
