import { useSyncExternalStore } from 'react';
import { getLocalStorage } from './storage';

export type Theme = 'light' | 'dark';

/** Read by the inline script in index.html too: keep the key and values in step with it. */
export const THEME_STORAGE_KEY = 'doers-theme';
const THEME_COLORS: Record<Theme, string> = { light: '#f7f8fb', dark: '#10131a' };

const listeners = new Set<() => void>();

export function getTheme(): Theme {
  return document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light';
}

export function setTheme(theme: Theme): void {
  const root = document.documentElement;
  root.dataset.theme = theme;
  root.style.colorScheme = theme;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_COLORS[theme]);
  getLocalStorage().setItem(THEME_STORAGE_KEY, theme);
  listeners.forEach((listener) => listener());
}

export function toggleTheme(): void {
  setTheme(getTheme() === 'dark' ? 'light' : 'dark');
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, getTheme, () => 'light');
}
