import { SPLASH_MIN_MS } from '@doers/contract';

/**
 * Hides the logo splash of index.html once the page has loaded and at least SPLASH_MIN_MS have
 * passed since navigation started (docs/product/app-shell.md): a shorter flash looks like a glitch.
 */
export function hideSplashWhenReady(): void {
  const splash = document.getElementById('splash');
  if (!splash) return;
  const hide = () => {
    const wait = Math.max(0, SPLASH_MIN_MS - performance.now());
    setTimeout(() => {
      splash.classList.add('is-hidden');
      setTimeout(() => splash.remove(), 300);
    }, wait);
  };
  if (document.readyState === 'complete') hide();
  else window.addEventListener('load', hide, { once: true });
}
