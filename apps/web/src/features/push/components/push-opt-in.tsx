import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-error';
import { selectSignedInUserId, useAuthStore } from '../../../lib/auth/use-auth-store';
import {
  browserPushPlatform,
  PushUnavailableError,
  type PushPlatform,
} from '../../../lib/push-subscription';
import { toast } from '../../../lib/toast-store';
import { usePushState, useSetPush } from '../api/push-state-api';
import './push-opt-in.css';

const NO_PUSH_SERVICE =
  "This browser couldn't reach its push service, so push notifications can't be turned on right now. Please try again later.";

/**
 * Push notifications on this device: what state they are in and the one button that changes it.
 * The browser's permission prompt only ever follows a tap on "Turn on push notifications".
 */
export function PushOptIn({ platform = browserPushPlatform }: { platform?: PushPlatform }) {
  const userId = useAuthStore(selectSignedInUserId);
  const state = usePushState(userId, platform);
  const setPush = useSetPush(userId, platform);
  const on = state.data === 'on';

  function toggle() {
    setPush.mutate(!on, {
      onSuccess: (next) => {
        if (next === 'on') toast.success('Push notifications are on for this device');
        else if (on) toast.info('Push notifications are off on this device');
      },
    });
  }

  const problem = setPush.error
    ? setPush.error instanceof PushUnavailableError
      ? NO_PUSH_SERVICE
      : errorMessage(
          setPush.error,
          on
            ? "Couldn't turn push notifications off. Please try again."
            : "Couldn't turn push notifications on. Please try again.",
        )
    : null;

  return (
    <section
      className="card push-opt-in"
      aria-labelledby="push-opt-in-title"
      aria-busy={state.isPending}
    >
      <h2 id="push-opt-in-title" className="card__title">
        Push notifications
      </h2>
      {state.isPending && (
        <div className="push-opt-in__loading">
          <Spinner size={20} label="Checking push notifications on this device" />
        </div>
      )}
      {state.isError && (
        <Alert tone="error" title="Couldn't check push notifications on this device">
          <Button variant="secondary" onClick={() => void state.refetch()}>
            Try again
          </Button>
        </Alert>
      )}
      {state.data === 'unsupported' && (
        <>
          <p>This browser can't show push notifications from Doers.</p>
          <p className="field__hint">
            On an iPhone or iPad, add Doers to your Home Screen (Share, then Add to Home Screen) and
            open it from there. On a computer or an Android phone, a recent Chrome, Edge, Firefox or
            Safari can.
          </p>
        </>
      )}
      {state.data === 'denied' && (
        <Alert tone="warning" title="Notifications are blocked for Doers in this browser">
          <p>
            To allow them, open this site's settings (the icon at the left of the address bar), set
            Notifications to Allow, then check again.
          </p>
          <Button variant="secondary" onClick={() => void state.refetch()}>
            Check again
          </Button>
        </Alert>
      )}
      {(state.data === 'off' || state.data === 'on') && (
        <>
          <p role="status">
            {on
              ? 'Push notifications are on for this device.'
              : 'Get a notification on this device when someone vibes, smiles, comments, messages you or asks to join your quest. Choose the kinds below.'}
          </p>
          <Button
            variant={on ? 'secondary' : 'primary'}
            loading={setPush.isPending}
            onClick={toggle}
          >
            {on ? 'Turn off' : 'Turn on push notifications'}
          </Button>
        </>
      )}
      {problem && <Alert tone="error">{problem}</Alert>}
    </section>
  );
}
