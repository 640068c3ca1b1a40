import { suspensionEndText } from '@doers/contract';
import { useEffect, useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { useAccount } from '../../../lib/auth/use-account';
import { selectSuspension, useAuthStore } from '../../../lib/auth/use-auth-store';
import { useSignOut } from '../../../lib/auth/use-sign-out';
import { usePageTitle } from '../../../lib/use-page-title';
import { SUPPORT_EMAIL } from '../../legal';
import { ExportSection } from '../components/export-section';
import './safety-pages.css';

/** How often the screen asks whether the suspension was lifted. */
const CHECK_EVERY_MS = 60_000;

/**
 * /suspended (docs/product/safety.md): the one screen of a suspended person's restricted
 * session. It says why and until when, and offers what they may still do: download their data,
 * sign out, write to us. Once the account is Active again, the app opens as usual.
 */
export function SuspendedPage() {
  usePageTitle('Account suspended');
  const suspension = useAuthStore(selectSuspension);
  const setSuspension = useAuthStore((state) => state.setSuspension);
  const account = useAccount();
  const { signOut, isSigningOut } = useSignOut();
  const heading = useRef<HTMLHeadingElement>(null);

  // The heading is what a screen reader should read first, whatever had the focus at sign-in;
  // focused once it is there (the page may mount before the suspension is known).
  const shown = suspension !== null;
  useEffect(() => {
    if (shown) heading.current?.focus();
  }, [shown]);

  const status = account.data?.status;
  useEffect(() => {
    if (status === 'Active') setSuspension(null);
  }, [status, setSuspension]);
  const { refetch } = account;
  useEffect(() => {
    const timer = setInterval(() => void refetch(), CHECK_EVERY_MS);
    return () => clearInterval(timer);
  }, [refetch]);

  if (!suspension) return null;
  return (
    <div className="page safety-page suspended-page">
      <section className="card safety-page__section" aria-labelledby="suspended-title">
        <h1 id="suspended-title" className="safety-page__title" ref={heading} tabIndex={-1}>
          Your account is suspended
        </h1>
        <p className="suspended-page__until">
          {suspension.until
            ? `Until ${suspensionEndText(suspension.until)}`
            : 'Until a moderator lifts it'}
        </p>
        <p>
          <strong>Reason:</strong> {suspension.reason || 'none given. Write to us to know more.'}
        </p>
        <p>
          While it lasts you cannot see or share posts, quests or messages. You can still download a
          copy of your data, and write to us if you think it is a mistake.
        </p>
      </section>

      <ExportSection title="Download your data" />

      <section className="card safety-page__section" aria-labelledby="support-title">
        <h2 id="support-title" className="card__title">
          Contact support
        </h2>
        <p>
          Questions about your suspension? Write to{' '}
          <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
        </p>
      </section>

      <Button variant="secondary" block loading={isSigningOut} onClick={() => void signOut()}>
        Sign out
      </Button>
    </div>
  );
}
