import { Navigate, Outlet, useNavigation, type NavigateProps } from 'react-router';
import { PageSpinner } from './spinner';

/*
 * Most screens load on demand (route `lazy` in app/router.tsx), and while a screen's code is on
 * its way the router holds the navigation in "loading" (it has no loaders, so nothing else does).
 * These two stand in for the usual pieces so that moment shows the page spinner, never an empty
 * page.
 */

/** A layout's outlet: the page spinner while the next screen's code downloads. */
export function PendingOutlet() {
  const { state } = useNavigation();
  return state === 'loading' ? <PageSpinner /> : <Outlet />;
}

/** `<Navigate>` for a guard that renders nothing else: the spinner shows until the target is in. */
export function Redirect(props: NavigateProps) {
  return (
    <>
      <Navigate {...props} />
      <PageSpinner />
    </>
  );
}
