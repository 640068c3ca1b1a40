import type { FastifyInstance } from 'fastify';
import {
  forgotPasswordRequest,
  loginRequest,
  logoutRequest,
  refreshRequest,
  registerRequest,
  resetPasswordRequest,
  validateReferralRequest,
  type MessageResponse,
} from '@doers/contract';
import { parse } from '../../platform/errors.js';
import { RATE_RULES, enforce, type RateLimiter } from '../../platform/rate-limiter.js';
import type { ReferralsService } from '../referrals/referrals.service.js';
import type { AuthService } from './auth.service.js';

export function authRoutes(
  app: FastifyInstance,
  deps: { auth: AuthService; referrals: ReferralsService; limiter: RateLimiter },
): void {
  const { auth, referrals, limiter } = deps;

  app.post('/auth/register', async (request, reply) => {
    const input = parse(registerRequest, request.body);
    await enforce(limiter, `register:ip:${request.ip}`, RATE_RULES.register);
    return reply.status(201).send(await auth.register(input, request.timezone ?? 'UTC'));
  });

  app.post('/auth/login', async (request) => {
    const input = parse(loginRequest, request.body);
    await enforce(limiter, `login:ip:${request.ip}`, RATE_RULES.loginIp);
    await enforce(
      limiter,
      `login:account:${await auth.loginKey(input.email)}`,
      RATE_RULES.loginAccount,
    );
    return auth.login(input);
  });

  app.post('/auth/refresh', async (request) => {
    const { refreshToken } = parse(refreshRequest, request.body);
    return auth.refresh(refreshToken);
  });

  app.post('/auth/logout', async (request, reply) => {
    const { refreshToken } = parse(logoutRequest, request.body);
    await auth.logout(refreshToken);
    return reply.status(204).send();
  });

  app.post('/auth/validate-referral', async (request) => {
    const { referralCode } = parse(validateReferralRequest, request.body);
    await enforce(limiter, `referral:ip:${request.ip}`, RATE_RULES.validateReferral);
    return referrals.validate(referralCode);
  });

  app.post('/auth/forgot-password', async (request): Promise<MessageResponse> => {
    const { email } = parse(forgotPasswordRequest, request.body);
    await enforce(limiter, `forgot:ip:${request.ip}`, RATE_RULES.forgotPasswordIp);
    await enforce(limiter, `forgot:address:${email.toLowerCase()}`, RATE_RULES.forgotPassword);
    await auth.forgotPassword(email);
    return { message: 'If an account exists for that address, a reset link is on its way.' };
  });

  app.post('/auth/reset-password', async (request): Promise<MessageResponse> => {
    const { token, newPassword } = parse(resetPasswordRequest, request.body);
    await enforce(limiter, `reset:ip:${request.ip}`, RATE_RULES.resetPassword);
    await auth.resetPassword(token, newPassword);
    return { message: 'Password reset successful. Please sign in with your new password.' };
  });
}
