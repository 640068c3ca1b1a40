import { Link } from 'react-router';
import { usePageTitle } from '../../../lib/use-page-title';
import { LEGAL_UPDATED, SUPPORT_EMAIL } from '../legal-facts';
import './legal-page.css';

const STORED: ReadonlyArray<[what: string, why: string, howLong: string]> = [
  [
    'Email, username, password (only as a slow hash), display name, bio, picture, voice intro, interests',
    'Your account and profile',
    'Until you delete your account',
  ],
  [
    'Quests, tasks, check-ins, rest days, your time zone and day start',
    'Quests and streaks',
    'Until you delete them or your account',
  ],
  [
    'Voice notes, photos and videos you post or send, with location and camera data removed on upload',
    'Posts, comments, messages',
    'Until you delete them or your account',
  ],
  [
    'Smiles, hums, vibes, comments, who you vibe with, who you blocked',
    'Encouragement and safety',
    'Until removed or your account is deleted',
  ],
  [
    'Signed-in devices (name, system, browser), sessions',
    'Keeping you signed in, ending sessions',
    '30 days with “remember me”, 1 day without',
  ],
  ['Addresses that tried to sign in, in counts', 'Stopping password guessing', 'Minutes to hours'],
  [
    'Push subscription of a device',
    'Notifications you turned on',
    'Until you turn push off or the browser drops it',
  ],
  [
    'Your tier, and Stripe’s customer and subscription ids (never your card)',
    'Support tiers',
    'Until you delete your account',
  ],
];

/** /settings/privacy-policy: what Doers keeps, who sees it, and how to take it away. */
export function PrivacyPolicyPage() {
  usePageTitle('Privacy Policy');
  return (
    <article className="page card legal-page">
      <h1>Privacy Policy</h1>
      <p className="muted">Last updated {LEGAL_UPDATED}.</p>
      <p>
        Doers keeps what it needs to run your quests and share your progress with the people you
        choose, and nothing to sell. We do not show ads, and we do not sell or rent data.
      </p>

      <section aria-labelledby="privacy-stored">
        <h2 id="privacy-stored">What is stored, and for how long</h2>
        <table>
          <caption className="sr-only">What Doers stores</caption>
          <thead>
            <tr>
              <th scope="col">What</th>
              <th scope="col">Why</th>
              <th scope="col">For how long</th>
            </tr>
          </thead>
          <tbody>
            {STORED.map(([what, why, howLong]) => (
              <tr key={what}>
                <td data-label="What">{what}</td>
                <td data-label="Why">{why}</td>
                <td data-label="For how long">{howLong}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section aria-labelledby="privacy-seen">
        <h2 id="privacy-seen">What others can see</h2>
        <ul>
          <li>
            Your profile (name, username, picture, voice intro, interests, badges and stats) is seen
            by people signed in to Doers, unless you blocked them. With a private profile, only
            people you vibe with who also vibe with you see more than your name, username and
            picture; and you can keep your stats to yourself. Both are in{' '}
            <Link to="/settings/privacy">Privacy settings</Link>.
          </li>
          <li>
            A <strong>public</strong> post or quest is seen by anyone signed in; a public quest’s
            share link opens for anyone. A <strong>vibers</strong> post or quest is seen only by
            people you vibe with who also vibe with you.
          </li>
          <li>Voice messages are heard only by the two people in the conversation.</li>
          <li>
            Your check-ins place you on the leaderboard unless you hide from it in{' '}
            <Link to="/settings/privacy">Privacy settings</Link>.
          </li>
          <li>
            Blocking someone hides you from each other everywhere and stops all contact both ways.
          </li>
        </ul>
      </section>

      <section aria-labelledby="privacy-others">
        <h2 id="privacy-others">Who else handles it</h2>
        <ul>
          <li>
            Stripe takes payments for support tiers; your card details go to Stripe, never to us.
          </li>
          <li>
            Your browser’s push service (Google, Mozilla, Apple) carries notifications you turned
            on; they are sent with as little in them as possible.
          </li>
          <li>
            Email reaches you through our mail provider, only for sign-in and account matters.
          </li>
        </ul>
      </section>

      <section aria-labelledby="privacy-control">
        <h2 id="privacy-control">Taking it with you, or taking it away</h2>
        <ul>
          <li>Delete any post, comment, quest or voice intro yourself, at any time.</li>
          <li>
            Download a copy of all your data in <Link to="/settings/your-data">Your data</Link>: a
            ZIP of your profile, quests, check-ins, posts, comments, messages, vibes and reactions,
            with your own voice notes, photos and videos. It is kept for 7 days.
          </li>
          <li>
            Delete your account in <Link to="/settings/your-data">Your data</Link>, with your
            password. It is closed at once (nobody sees you, you are signed out everywhere) and
            erased completely after 14 days: your posts, comments, the voice messages you sent, your
            reactions and vibes, your files, and your place on every count. Signing back in before
            then keeps it. A quest others are still on goes to the one who joined it first.
          </li>
        </ul>
      </section>

      <section aria-labelledby="privacy-contact">
        <h2 id="privacy-contact">Questions</h2>
        <p>
          Write to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>. See also the{' '}
          <Link to="/settings/terms">Terms of Service</Link>.
        </p>
      </section>
    </article>
  );
}
