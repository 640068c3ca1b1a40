import { exportsApi } from '@doers/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

const exportsKey = ['safety', 'exports'] as const;

/** My exports; while one is being prepared, asked again every 3 s. */
export function useExports() {
  return useQuery({
    queryKey: exportsKey,
    queryFn: ({ signal }) => api.call(exportsApi.list, { signal }),
    refetchOnMount: 'always',
    refetchInterval: (query) =>
      query.state.data?.items.some((e) => e.status === 'preparing') ? 3000 : false,
  });
}

export function useRequestExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(exportsApi.request),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: exportsKey }),
  });
}
