export { InviteRedirect } from './routes/invite-redirect';
export { LoginPage } from './routes/login-page';
export { RegisterPage } from './routes/register-page';
