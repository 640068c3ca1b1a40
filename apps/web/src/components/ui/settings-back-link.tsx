import { PageBackLink } from './page-back-link';

/** "← Settings" above a settings screen, whichever feature draws it. */
export function SettingsBackLink() {
  return <PageBackLink to="/settings">Settings</PageBackLink>;
}
