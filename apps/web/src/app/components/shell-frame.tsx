import { PendingOutlet } from '../../components/ui/route-pending';
import { useRealtimeStream } from '../../features/realtime';
import { AppHeader } from './app-header';
import { BottomNav } from './bottom-nav';

/** Header, content column and bottom navigation of the signed-in app. */
export function ShellFrame() {
  // New notifications, messages and counts arrive while the shell is up (signed in).
  useRealtimeStream();
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
