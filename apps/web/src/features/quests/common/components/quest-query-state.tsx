import type { UseQueryResult } from '@tanstack/react-query';
import { ButtonLink } from '../../../../components/ui/button';
import { IconTarget } from '../../../../components/ui/icons';
import { EmptyState, ErrorState, SkeletonList } from '../../../../components/ui/state-panels';
import { errorMessage, isApiError } from '../../../../lib/api-error';

/** Loading, not found and failed states of a single-quest screen; null once data is there. */
export function QuestQueryState({
  query,
  backTo = '/quests',
}: {
  query: UseQueryResult<unknown>;
  backTo?: string;
}) {
  if (query.isPending) return <SkeletonList count={2} label="Loading the quest" />;
  if (query.isError) {
    if (
      isApiError(query.error) &&
      (query.error.statusCode === 404 || query.error.statusCode === 403)
    ) {
      return (
        <EmptyState
          icon={<IconTarget size={32} />}
          title="Quest not found"
          action={<ButtonLink to={backTo}>Back to quests</ButtonLink>}
        >
          <p>It may have been deleted, or it is private to someone else.</p>
        </EmptyState>
      );
    }
    return (
      <ErrorState
        title="The quest did not load"
        message={errorMessage(query.error, 'Something went wrong')}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  return null;
}
