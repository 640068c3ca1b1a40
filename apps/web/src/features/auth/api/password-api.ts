import {
  messageResponse,
  type ForgotPasswordRequest,
  type MessageResponse,
  type ResetPasswordRequest,
} from '@doers/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export function useForgotPassword() {
  return useMutation({
    mutationFn: (body: ForgotPasswordRequest): Promise<MessageResponse> =>
      api.post('/auth/forgot-password', body, { schema: messageResponse, skipAuthRefresh: true }),
    retry: false, // each attempt may send a mail and counts against the hourly limit
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (body: ResetPasswordRequest): Promise<MessageResponse> =>
      api.post('/auth/reset-password', body, { schema: messageResponse, skipAuthRefresh: true }),
    retry: false, // a reset token is single-use
  });
}
