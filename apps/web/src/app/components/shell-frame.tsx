import { PendingOutlet } from '../../components/ui/route-pending';
import { AppHeader } from './app-header';
import { BottomNav } from './bottom-nav';

/** Header, content column and bottom navigation of the signed-in app. */
export function ShellFrame() {
  return (
    <div className="app-shell">
      <AppHeader />
      <main id="main" className="app-shell__main">
        <PendingOutlet />
      </main>
      <BottomNav />
    </div>
  );
}
