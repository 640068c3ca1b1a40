export { settingsRoutes } from './routes';
