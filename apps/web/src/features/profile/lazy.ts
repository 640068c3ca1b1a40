/**
 * The profile screens, loaded on demand (routes.ts). Import this module only with `import()`: a
 * static import puts it back into the first-load bundle.
 */
export { ProfilePage } from './routes/profile-page';
export { UserPage } from './routes/user-page';
