import { useEffect } from 'react';

/** Every route names itself in the tab and for screen readers arriving on the page. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · Doers` : 'Doers';
  }, [title]);
}
