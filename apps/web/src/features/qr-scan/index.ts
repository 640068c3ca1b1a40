export { qrScanRoutes } from './routes';
