import type { Quest } from '@doers/contract';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { questKeys } from '../quest-keys';
import { TodayPanel } from '../today/components/today-panel';

/** Test harness only: the panel as the quest page renders it, fed from the query cache. */
function FromCache({ id }: { id: string }) {
  const { data } = useQuery<Quest>({
    queryKey: questKeys.detail(id),
    queryFn: () => Promise.reject(new Error('the harness reads the cache only')),
    enabled: false,
  });
  if (!data?.viewer) return null;
  return <TodayPanel key={`${id}:${data.viewer.today}`} quest={data} viewer={data.viewer} />;
}

export function renderableTodayPanel(quest: Quest) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity } },
  });
  queryClient.setQueryData(questKeys.detail(quest.id), quest);
  return {
    queryClient,
    element: (
      <QueryClientProvider client={queryClient}>
        {/* The panel links out ("Share this check-in"). */}
        <MemoryRouter>
          <FromCache id={quest.id} />
        </MemoryRouter>
      </QueryClientProvider>
    ),
  };
}
