import { usersApi, type User } from '@doers/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { accountKeys } from '../../../lib/auth/account-keys';
import { setAccount } from '../../../lib/auth/use-account';

/**
 * "Always show transcripts", kept on the account. Every player follows the account, so the
 * switch writes it at once and puts it back when the server refuses.
 */
export function useSetAlwaysShowTranscripts(account: User) {
  const queryClient = useQueryClient();
  const key = accountKeys.of(account.id);
  return useMutation({
    mutationFn: (alwaysShowTranscripts: boolean) =>
      api.call(usersApi.setPreferences, { body: { alwaysShowTranscripts } }),
    onMutate: async (alwaysShowTranscripts) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<User>(key);
      if (before) setAccount(queryClient, { ...before, alwaysShowTranscripts });
      return { before };
    },
    onError: (_error, _on, context) => {
      if (context?.before) setAccount(queryClient, context.before);
    },
    onSuccess: (saved) => setAccount(queryClient, saved),
  });
}
