// Before any module builds a zod schema: no eval under the Content-Security-Policy.
import './lib/zod-without-eval';
// The global styles first: every component's own stylesheet comes after them and may refine them.
import './styles/index.css';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { appStylesLoaded } from './lib/app-styles';
import { createAppRouter } from './app/router';
import { captureInstallPrompt } from './lib/install-prompt';
import { nextTask } from './lib/next-task';
import { startOfflineQueue } from './lib/offline-queue';
import { registerServiceWorker } from './lib/service-worker';
import { hideSplashWhenReady } from './lib/splash';
import { keepTimeZoneFresh } from './lib/timezone';
import { holdUntilFirstScreen } from './lib/first-screen';

captureInstallPrompt();
startOfflineQueue();
holdUntilFirstScreen();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// A cold start is three tasks, not one: evaluating the modules, making the router (it matches
// the address against every route), rendering (once the stylesheet is in). A tap between them
// is answered in between (docs/decisions/0015-first-screen-on-a-phone.md).
await nextTask();
const router = createAppRouter();
registerServiceWorker({ navigate: (url) => void router.navigate(url) });
await Promise.all([nextTask(), appStylesLoaded()]);
createRoot(container).render(<App router={router} />);
hideSplashWhenReady();
keepTimeZoneFresh();
