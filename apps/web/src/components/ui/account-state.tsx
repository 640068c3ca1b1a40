import type { UseQueryResult } from '@tanstack/react-query';
import { errorMessage } from '../../lib/api-error';
import { ErrorState, SkeletonList } from './state-panels';

/** What a screen built on the account shows until it is there: a skeleton, or why it is not. */
export function AccountState({ query }: { query: UseQueryResult<unknown> }) {
  if (query.isError) {
    return (
      <ErrorState
        title="Your account did not load"
        message={errorMessage(query.error, 'Something went wrong')}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  return <SkeletonList count={1} label="Loading your account" />;
}
