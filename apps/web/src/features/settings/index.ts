export { settingsRoutes } from './routes';
export { SettingsBackLink } from './components/settings-back-link';
