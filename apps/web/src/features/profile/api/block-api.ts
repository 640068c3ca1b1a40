import { blocksApi } from '@doers/contract';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { invalidateAccount } from '../../../lib/auth/use-account';
import { invalidateTopic } from '../../../lib/query-topics';
import { questKeys } from '../../quests';
import { profileKeys } from '../profile-keys';

/**
 * A block changes what both people see everywhere (docs/product/blocking.md): their profile,
 * the feed and posts, check-ins, quests, vibes, and my own figures (vibing ends).
 */
function afterBlockChange(queryClient: QueryClient, userId: string) {
  void queryClient.invalidateQueries({ queryKey: profileKeys.user(userId) });
  void queryClient.invalidateQueries({ queryKey: profileKeys.userQuests(userId) });
  void invalidateTopic(queryClient, 'blocks');
  void invalidateTopic(queryClient, 'posts');
  void invalidateTopic(queryClient, 'check-ins');
  void queryClient.invalidateQueries({ queryKey: questKeys.all });
  invalidateAccount(queryClient);
}

/** Blocks someone; blocking someone already blocked is fine. */
export function useBlockUser(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(blocksApi.block, { params: { id: userId } }),
    onSuccess: () => afterBlockChange(queryClient, userId),
  });
}

/** Lifts my block on someone. */
export function useUnblockUser(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(blocksApi.unblock, { params: { id: userId } }),
    onSuccess: () => afterBlockChange(queryClient, userId),
  });
}
