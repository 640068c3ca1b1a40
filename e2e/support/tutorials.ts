import { TUTORIAL_IDS } from '../../apps/web/src/features/tutorials/lib/tutorial-machine.js';

/**
 * Every tutorial marked skipped, as the app persists it: the default of every test, so that the
 * tutorials' auto-start (1.5 s on the feed) never covers the screen under test. The tutorials'
 * own spec starts from a clean state.
 */
export function tutorialsSkipped(origin: string) {
  const status = Object.fromEntries(TUTORIAL_IDS.map((id) => [id, 'skipped']));
  return {
    cookies: [],
    origins: [
      {
        origin,
        localStorage: [
          { name: 'doers-tutorials', value: JSON.stringify({ state: { status }, version: 0 }) },
        ],
      },
    ],
  };
}
