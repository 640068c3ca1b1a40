import { describe, expect, it } from 'vitest';
import {
  MAYBE_LATER_MS,
  showsInstallBanner,
  type InstallBannerContext,
} from './install-banner-rules';

const base: InstallBannerContext = {
  standalone: false,
  path: '/feed',
  dismissed: null,
  now: 1_000_000_000,
  offered: true,
};
const shows = (change: Partial<InstallBannerContext>) => showsInstallBanner({ ...base, ...change });

describe('the install banner', () => {
  it('shows once the browser has offered installing and its delay has passed', () => {
    expect(shows({})).toBe(true);
    expect(shows({ offered: false })).toBe(false);
  });
  it('never shows in the installed app', () => expect(shows({ standalone: true })).toBe(false));
  it('never shows on onboarding paths', () => {
    expect(shows({ path: '/onboarding' })).toBe(false);
    expect(shows({ path: '/onboarding/install-app' })).toBe(false);
    expect(shows({ path: '/onboardingx' })).toBe(true);
  });
  it("'Don't show again' is for good", () => expect(shows({ dismissed: 'never' })).toBe(false));
  it("'Maybe later' hides it for a week", () => {
    expect(shows({ dismissed: String(base.now - 1000) })).toBe(false);
    expect(shows({ dismissed: String(base.now - MAYBE_LATER_MS) })).toBe(true);
  });
});
