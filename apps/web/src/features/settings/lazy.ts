/**
 * The settings screens, loaded on demand (routes.ts). Import this module only with `import()`: a
 * static import puts it back into the first-load bundle.
 */
export { SettingsPage } from './routes/settings-page';
export { PrivacyPage } from './routes/privacy-page';
export { EditProfilePage } from './routes/edit-profile-page';
export { InterestsPage } from './routes/interests-page';
export { BlockedUsersPage } from './routes/blocked-users-page';
export { AccessibilityPage } from './routes/accessibility-page';
