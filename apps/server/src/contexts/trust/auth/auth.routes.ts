import { authApi } from '@doers/contract';
import { addressGroup } from '../../../platform/address-group.js';
import type { RateLimits } from '../../../platform/rate-limiter.js';
import type { Route } from '../../../platform/router.js';
import type { AuthService } from './auth.service.js';
import type { LoginGuard } from './login-guard.js';
import type { SignInsService } from './sign-ins.service.js';

export function authRoutes(
  route: Route,
  deps: { auth: AuthService; signIns: SignInsService; limits: RateLimits; loginGuard: LoginGuard },
): void {
  const { auth, signIns, limits, loginGuard } = deps;

  route(authApi.register, async ({ body, request }) => {
    await limits.enforce([['register', addressGroup(request.ip)]], request.ip);
    const response = await auth.register(body, request.timezone ?? 'UTC');
    await loginGuard.signedUp(response.user.id, body.device.id, request.ip);
    return response;
  });

  route(authApi.login, ({ body, request }) =>
    loginGuard.signIn({ login: body.email, deviceId: body.device.id, ip: request.ip }, () =>
      auth.login(body),
    ),
  );

  route(authApi.refresh, ({ body, request }) => signIns.refresh(body.refreshToken, request.ip));

  route(authApi.logout, ({ body, request }) => signIns.logout(body.refreshToken, request.ip));

  route(authApi.forgotPassword, async ({ body, request }) => {
    await limits.enforce(
      [
        ['forgotPasswordAddress', addressGroup(request.ip)],
        ['forgotPassword', body.email.toLowerCase()],
      ],
      request.ip,
    );
    await auth.forgotPassword(body.email, request.ip);
    return { message: 'If an account exists for that address, a reset link is on its way.' };
  });

  route(authApi.resetPassword, async ({ body, request }) => {
    await limits.enforce([['resetPassword', addressGroup(request.ip)]], request.ip);
    await auth.resetPassword(body.token, body.newPassword, request.ip);
    return { message: 'Password reset successful. Please sign in with your new password.' };
  });

  route(authApi.changePassword, async ({ auth: caller, body, request }) => {
    await limits.enforce([['changePassword', caller.userId]], request.ip);
    await auth.changePassword(caller, body, request.ip);
    return { message: 'Password changed. Your other devices have been signed out.' };
  });

  route(authApi.sessions, ({ auth: caller }) => signIns.list(caller));

  route(authApi.endSession, ({ auth: caller, params, request }) =>
    signIns.end(caller, params.id, request.ip),
  );

  route(authApi.endOtherSessions, ({ auth: caller, request }) =>
    signIns.endOthers(caller, request.ip),
  );
}
