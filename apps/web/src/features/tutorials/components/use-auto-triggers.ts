import { useEffect } from 'react';
import { useAuthStore } from '../../../lib/auth/use-auth-store';
import { getSessionStorage } from '../../../lib/storage';
import { AUTO_TRIGGERS, SESSION_SHOWN_KEY } from '../lib/auto-triggers';
import { useTutorialStore } from '../lib/tutorial-store';

/**
 * Starts a screen's tutorial after its delay: only for someone past onboarding, only if it is
 * still pending and no other is active when the delay ends; the feed's once per session.
 */
export function useAutoTriggers(pathname: string): void {
  const onboarded = useAuthStore((state) => state.isAuthenticated && state.hasCompletedOnboarding);
  useEffect(() => {
    const trigger = AUTO_TRIGGERS[pathname];
    if (!onboarded || !trigger) return;
    const timer = setTimeout(() => {
      const session = getSessionStorage();
      const shown = (session.getItem(SESSION_SHOWN_KEY) ?? '').split(',');
      if (trigger.oncePerSession && shown.includes(trigger.id)) return;
      if (!useTutorialStore.getState().start(trigger.id)) return;
      if (trigger.oncePerSession) {
        session.setItem(SESSION_SHOWN_KEY, [...shown.filter(Boolean), trigger.id].join(','));
      }
    }, trigger.delayMs);
    return () => clearTimeout(timer);
  }, [pathname, onboarded]);
}
