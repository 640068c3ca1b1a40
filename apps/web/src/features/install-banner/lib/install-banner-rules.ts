/**
 * When the install banner shows (docs/product/installable-app.md#the-install-banner). Pure, so
 * every rule is a case in install-banner-rules.test.ts.
 */

/** After the browser offers installing (Chromium's prompt event)... */
export const INSTALL_BANNER_DELAY_MS = 3_000;
/** ...or after the page opens on iOS, which has no such event. */
export const INSTALL_BANNER_DELAY_IOS_MS = 5_000;
/** 'Maybe later' hides it this long. */
export const MAYBE_LATER_MS = 7 * 24 * 60 * 60 * 1000;
/** Where the dismissal is kept: 'never' (Don't show again) or the time of 'Maybe later'. */
export const INSTALL_DISMISSED_KEY = 'doers-install-dismissed';

export type InstallBannerContext = {
  standalone: boolean;
  path: string;
  /** What INSTALL_DISMISSED_KEY holds, if anything. */
  dismissed: string | null;
  now: number;
  /** Chromium offered installing (and the delay has passed), or iOS Safari and its delay has. */
  offered: boolean;
};

export function showsInstallBanner(c: InstallBannerContext): boolean {
  if (c.standalone || !c.offered) return false;
  if (c.path === '/onboarding' || c.path.startsWith('/onboarding/')) return false;
  if (c.dismissed === 'never') return false;
  const laterAt = Number(c.dismissed);
  if (c.dismissed !== null && Number.isFinite(laterAt) && c.now - laterAt < MAYBE_LATER_MS) {
    return false;
  }
  return true;
}
