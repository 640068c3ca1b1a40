import { systemApi } from '@doers/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { authKeys } from '../auth-keys';

/**
 * Founder mode pre-fills the founder invite code from the server's configuration
 * (docs/product/referrals-and-founders.md).
 */
export function usePublicConfig(enabled: boolean) {
  return useQuery({
    queryKey: authKeys.publicConfig,
    queryFn: ({ signal }) => api.call(systemApi.config, { signal }),
    enabled,
  });
}
