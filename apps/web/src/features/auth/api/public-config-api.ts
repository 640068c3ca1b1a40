import { publicConfig, type PublicConfig } from '@doers/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/**
 * Founder mode pre-fills the founder invite code from server configuration
 * (docs/product/referrals-and-founders.md).
 */
export function usePublicConfig(enabled: boolean) {
  return useQuery({
    queryKey: ['config'],
    queryFn: ({ signal }): Promise<PublicConfig> =>
      api.get('/config', { schema: publicConfig, signal }),
    enabled,
  });
}
