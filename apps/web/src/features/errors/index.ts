export { ErrorBoundary } from './components/error-boundary';
export { MaintenanceScreen } from './components/maintenance-screen';
export { RouteErrorScreen } from './components/route-error-screen';
export { NotFoundPage } from './routes/not-found-page';
