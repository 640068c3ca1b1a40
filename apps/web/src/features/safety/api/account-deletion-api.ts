import { accountDeletionApi, type AccountDeletionRequest } from '@doers/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Deactivates my account; the server ends every session, this one included. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (body: AccountDeletionRequest) => api.call(accountDeletionApi.request, { body }),
  });
}
