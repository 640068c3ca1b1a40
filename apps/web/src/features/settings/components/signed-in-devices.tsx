import type { Session } from '@doers/contract';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorState, SkeletonList } from '../../../components/ui/state-panels';
import { errorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast-store';
import { useEndOtherSessions, useEndSession, useSessions } from '../api/sessions-api';
import { dateInWords, lastUseInWords } from '../lib/last-use';
import './settings-list.css';
import './signed-in-devices.css';

const TYPE_NAMES: Record<Session['deviceType'], string> = {
  mobile: 'Phone',
  tablet: 'Tablet',
  desktop: 'Computer',
  web: 'Browser',
};

/**
 * Where I am signed in, and signing any other device out
 * (docs/product/accounts-and-sessions.md). This device is always in the list.
 */
export function SignedInDevices() {
  const sessions = useSessions();
  const end = useEndSession();
  const endOthers = useEndOtherSessions();
  const [confirming, setConfirming] = useState(false);
  const list = sessions.data?.sessions ?? [];
  // This device first, then the others as the server orders them (the last used first).
  const ordered = [...list.filter((s) => s.current), ...list.filter((s) => !s.current)];
  const others = list.filter((s) => !s.current).length;

  function signOut(session: Session) {
    end.mutate(session.id, {
      onSuccess: () => toast.success(`${session.deviceName} is signed out`),
      onError: (error) => toast.error(errorMessage(error, 'Could not sign that device out')),
    });
  }

  function signOutOthers() {
    endOthers.mutate(undefined, {
      onSuccess: ({ ended }) => {
        setConfirming(false);
        toast.success(
          ended === 1 ? 'Signed out of 1 other device' : `Signed out of ${ended} other devices`,
        );
      },
      onError: (error) => {
        setConfirming(false);
        toast.error(errorMessage(error, 'Could not sign the other devices out'));
      },
    });
  }

  return (
    <section className="card devices" aria-labelledby="devices-title">
      <h2 id="devices-title" className="card__title">
        Signed-in devices
      </h2>
      <p className="muted devices__intro">
        Signing a device out ends its session at once. A sign-in lasts at most 90 days.
      </p>
      {sessions.isPending && <SkeletonList count={2} variant="row" label="Loading your devices" />}
      {sessions.isError && (
        <ErrorState
          title="Your devices did not load"
          message={errorMessage(sessions.error, 'Something went wrong')}
          onRetry={() => void sessions.refetch()}
          retrying={sessions.isFetching}
        />
      )}
      {sessions.isSuccess && (
        <ul className="devices__list" aria-label="Devices">
          {ordered.map((session) => (
            <li key={session.id} className="devices__item">
              <div className="devices__text">
                <p className="devices__name">
                  {session.deviceName}
                  {session.current && <span className="devices__badge">This device</span>}
                </p>
                <p className="devices__meta">
                  {[TYPE_NAMES[session.deviceType], session.os, session.browser]
                    .filter((part) => part && part !== 'unknown')
                    .join(' · ')}
                </p>
                <p className="devices__meta">
                  Signed in {dateInWords(session.signedInAt)} ·{' '}
                  {session.current
                    ? 'Active now'
                    : `Last used ${lastUseInWords(session.lastUsedAt)}`}
                </p>
              </div>
              {!session.current && (
                <Button
                  variant="secondary"
                  className="btn--small"
                  loading={end.isPending && end.variables === session.id}
                  disabled={endOthers.isPending}
                  onClick={() => signOut(session)}
                  aria-label={`Sign out ${session.deviceName}, last used ${lastUseInWords(
                    session.lastUsedAt,
                  )}`}
                >
                  Sign out
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {sessions.isSuccess &&
        (others > 0 ? (
          <Button
            variant="danger"
            block
            loading={endOthers.isPending}
            onClick={() => setConfirming(true)}
          >
            Sign out of all other devices
          </Button>
        ) : (
          <p className="muted devices__alone">You are signed in on this device only.</p>
        ))}
      <ConfirmDialog
        open={confirming}
        title="Sign out of all other devices?"
        confirmLabel="Sign them out"
        tone="danger"
        loading={endOthers.isPending}
        onConfirm={signOutOthers}
        onClose={() => setConfirming(false)}
      >
        {others === 1 ? 'The other device' : `The ${others} other devices`} will need to sign in
        again. This device stays signed in.
      </ConfirmDialog>
    </section>
  );
}
