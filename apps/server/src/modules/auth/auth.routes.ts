import { authApi } from '@doers/contract';
import { RATE_RULES, enforce, type RateLimiter } from '../../platform/rate-limiter.js';
import type { Route } from '../../platform/router.js';
import type { AuthService } from './auth.service.js';

export function authRoutes(route: Route, deps: { auth: AuthService; limiter: RateLimiter }): void {
  const { auth, limiter } = deps;

  route(authApi.register, async ({ body, request }) => {
    await enforce(limiter, `register:ip:${request.ip}`, RATE_RULES.register);
    return auth.register(body, request.timezone ?? 'UTC');
  });

  route(authApi.login, async ({ body, request }) => {
    await enforce(limiter, `login:ip:${request.ip}`, RATE_RULES.loginIp);
    await enforce(
      limiter,
      `login:account:${await auth.loginKey(body.email)}`,
      RATE_RULES.loginAccount,
    );
    return auth.login(body);
  });

  route(authApi.refresh, ({ body }) => auth.refresh(body.refreshToken));

  route(authApi.logout, ({ body }) => auth.logout(body.refreshToken));

  route(authApi.forgotPassword, async ({ body, request }) => {
    await enforce(limiter, `forgot:ip:${request.ip}`, RATE_RULES.forgotPasswordIp);
    await enforce(limiter, `forgot:address:${body.email.toLowerCase()}`, RATE_RULES.forgotPassword);
    await auth.forgotPassword(body.email);
    return { message: 'If an account exists for that address, a reset link is on its way.' };
  });

  route(authApi.resetPassword, async ({ body, request }) => {
    await enforce(limiter, `reset:ip:${request.ip}`, RATE_RULES.resetPassword);
    await auth.resetPassword(body.token, body.newPassword);
    return { message: 'Password reset successful. Please sign in with your new password.' };
  });
}
