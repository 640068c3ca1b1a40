import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from './constants.js';
import { endpoint } from './http.js';

/**
 * Deleting an account (docs/product/your-data.md): the account is deactivated at once and erased
 * after ACCOUNT_DELETION_GRACE_DAYS days, unless its person signs back in before then.
 */
export const ACCOUNT_DELETION_GRACE_DAYS = 14;

export const accountDeletionRequest = z.object({
  password: z
    .string({ error: 'Enter your password to delete your account' })
    .min(1, 'Enter your password to delete your account')
    .max(PASSWORD_MAX_LENGTH, 'Your password is incorrect'),
});
export type AccountDeletionRequest = z.infer<typeof accountDeletionRequest>;

export const accountDeletion = z.object({
  /** When the account and everything in it will be erased. */
  erasedAt: z.string(),
});
export type AccountDeletion = z.infer<typeof accountDeletion>;

export const accountDeletionApi = {
  /** Deactivates my account now (every session ends) and erases it after the grace days. */
  request: endpoint({
    method: 'POST',
    path: '/me/deletion',
    access: 'signed-in',
    body: accountDeletionRequest,
    response: accountDeletion,
  }),
};
