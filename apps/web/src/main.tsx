import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { captureInstallPrompt } from './lib/install-prompt';
import { hideSplashWhenReady } from './lib/splash';
import './styles/index.css';

captureInstallPrompt();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(<App />);
hideSplashWhenReady();
