export { SettingsPage } from './routes/settings-page';
