/**
 * The screens of this feature that load on demand (route `lazy` in routes.tsx). Import this
 * module only with `import()`: a static import puts them back into the first-load bundle.
 */
export { ForgotPasswordPage } from './routes/forgot-password-page';
export { ResetPasswordPage } from './routes/reset-password-page';
