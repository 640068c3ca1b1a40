import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFoundPage } from '../routes/not-found-page';
import { MaintenanceScreen } from './maintenance-screen';

/** The router's errorElement: a missing page is a 404, anything else the maintenance screen. */
export function RouteErrorScreen() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  console.error('Route error', error);
  return <MaintenanceScreen />;
}
