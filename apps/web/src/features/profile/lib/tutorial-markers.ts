/**
 * Targets of the edit-profile tutorial (profile tab, Edit Profile, voice intro, interests) and of
 * the send-vibe tutorial (vibe button, choose a reason). Elements carry
 * `data-tutorial="<marker>"`; the tutorial system imports the selectors from here instead of
 * repeating strings. The voice intro and interests markers sit on /profile and on
 * /settings/profile alike: the tutorial finds them on whichever screen the person is.
 */
export const PROFILE_TUTORIAL_MARKERS = {
  profileTab: 'profile-tab',
  editProfileButton: 'edit-profile-button',
  voiceIntro: 'voice-intro',
  interests: 'interests',
  vibeButton: 'vibe-button',
  vibeReasons: 'vibe-reasons',
} as const;

export type ProfileTutorialMarker =
  (typeof PROFILE_TUTORIAL_MARKERS)[keyof typeof PROFILE_TUTORIAL_MARKERS];

type Selectors = { [K in keyof typeof PROFILE_TUTORIAL_MARKERS]: string };

/** `[data-tutorial="profile-tab"]` and friends, ready for `document.querySelector`. */
export const PROFILE_TUTORIAL_SELECTORS = Object.fromEntries(
  Object.entries(PROFILE_TUTORIAL_MARKERS).map(([name, marker]) => [
    name,
    `[data-tutorial="${marker}"]`,
  ]),
) as Selectors;
