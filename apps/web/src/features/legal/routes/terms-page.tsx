import { Link } from 'react-router';
import { usePageTitle } from '../../../lib/use-page-title';
import { LEGAL_UPDATED, SUPPORT_EMAIL } from '../legal-facts';
import './legal-page.css';

/** /settings/terms: the rules of using Doers, in plain words. Open to everyone. */
export function TermsPage() {
  usePageTitle('Terms of Service');
  return (
    <article className="page card legal-page">
      <h1>Terms of Service</h1>
      <p className="muted">Last updated {LEGAL_UPDATED}.</p>
      <p>
        Doers is a place to pursue personal quests, check in every day, share progress by voice and
        encourage other people doing the same. By creating an account you agree to these terms. They
        are short on purpose; please read them.
      </p>

      <section aria-labelledby="terms-account">
        <h2 id="terms-account">Your account</h2>
        <ul>
          <li>You must be at least 16 years old, and one person holds one account.</li>
          <li>
            Keep your password to yourself. You can see and end your signed-in devices in{' '}
            <Link to="/settings/privacy">Privacy settings</Link>.
          </li>
          <li>Your username must not pretend to be someone else.</li>
        </ul>
      </section>

      <section aria-labelledby="terms-content">
        <h2 id="terms-content">What you share</h2>
        <ul>
          <li>
            Your voice notes, photos, videos, quests and comments stay yours. You give Doers the
            right to store them and show them to the people you chose (public, or the people you
            vibe with both ways), only to run the service.
          </li>
          <li>
            Share only what you have the right to share, and only voices of people who agreed.
          </li>
          <li>You can delete a post, a comment or a quest at any time; it is gone for everyone.</li>
        </ul>
      </section>

      <section aria-labelledby="terms-conduct">
        <h2 id="terms-conduct">Be a good neighbour</h2>
        <p>On Doers you may not:</p>
        <ul>
          <li>harass, threaten or bully anyone, or encourage anyone to harm themselves;</li>
          <li>post hate against people for who they are;</li>
          <li>post sexual content, or any content sexualising minors;</li>
          <li>impersonate someone, or spam (including paid promotion and fake accounts);</li>
          <li>try to break, overload or get around the limits of the service.</li>
        </ul>
        <p>
          Anyone can block a person, which stops all contact both ways. The Doers team may hide
          content, warn, or suspend an account that breaks these rules, and tells the person why.
        </p>
      </section>

      <section aria-labelledby="terms-tiers">
        <h2 id="terms-tiers">Support tiers and payments</h2>
        <ul>
          <li>Doers is free to use. Supporter and Champion tiers are monthly subscriptions.</li>
          <li>
            Payments are handled by Stripe. You can cancel at any time in{' '}
            <Link to="/settings/support-tier">Support tier</Link>: your tier stays until the end of
            the month you paid for. A payment that fails moves you back to Free.
          </li>
          <li>Going down a tier never deletes anything you made.</li>
        </ul>
      </section>

      <section aria-labelledby="terms-end">
        <h2 id="terms-end">Leaving, and changes</h2>
        <ul>
          <li>
            You can stop using Doers at any time. How your data is kept and removed is in the{' '}
            <Link to="/settings/privacy-policy">Privacy Policy</Link>.
          </li>
          <li>
            Doers is provided as it is. We work to keep it running and your data safe, but we cannot
            promise it will never be unavailable.
          </li>
          <li>
            If these terms change in a way that matters, we tell you in the app before the change
            applies.
          </li>
          <li>
            Questions: <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
          </li>
        </ul>
      </section>
    </article>
  );
}
