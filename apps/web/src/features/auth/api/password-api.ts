import { authApi, type ForgotPasswordRequest, type ResetPasswordRequest } from '@doers/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export function useForgotPassword() {
  return useMutation({
    mutationFn: (body: ForgotPasswordRequest) => api.call(authApi.forgotPassword, { body }),
    retry: false, // each attempt may send a mail and counts against the hourly limit
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (body: ResetPasswordRequest) => api.call(authApi.resetPassword, { body }),
    retry: false, // a reset token is single-use
  });
}
