// Before any module builds a zod schema: no eval under the Content-Security-Policy.
import './lib/zod-without-eval';
// The global styles first: every component's own stylesheet comes after them and may refine them.
import './styles/index.css';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { router } from './app/router';
import { captureInstallPrompt } from './lib/install-prompt';
import { startOfflineQueue } from './lib/offline-queue';
import { registerServiceWorker } from './lib/service-worker';
import { hideSplashWhenReady } from './lib/splash';
import { keepTimeZoneFresh } from './lib/timezone';

captureInstallPrompt();
startOfflineQueue();
registerServiceWorker({ navigate: (url) => void router.navigate(url) });

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(<App />);
hideSplashWhenReady();
keepTimeZoneFresh();
