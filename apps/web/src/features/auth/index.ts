export { ForgotPasswordPage } from './routes/forgot-password-page';
export { InviteRedirect } from './routes/invite-redirect';
export { LoginPage } from './routes/login-page';
export { RegisterPage } from './routes/register-page';
export { ResetPasswordPage } from './routes/reset-password-page';
