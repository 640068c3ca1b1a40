import type { User } from '@doers/contract';
import { SettingsBackLink } from '../../../components/ui/settings-back-link';
import { AccountState } from '../../../components/ui/account-state';
import { SwitchField } from '../../../components/ui/switch-field';
import { errorMessage } from '../../../lib/api-error';
import { useAccount } from '../../../lib/auth/use-account';
import { toast } from '../../../lib/toast-store';
import { usePageTitle } from '../../../lib/use-page-title';
import { useSetAlwaysShowTranscripts } from '../api/accessibility-settings-api';

/** Accessibility: how the app reads to someone who cannot hear, or would rather read. */
export function AccessibilityPage() {
  usePageTitle('Accessibility');
  const query = useAccount();
  return (
    <div className="page">
      <SettingsBackLink />
      <h1 className="page__title">Accessibility</h1>
      {query.data ? <TranscriptsSection account={query.data} /> : <AccountState query={query} />}
    </div>
  );
}

function TranscriptsSection({ account }: { account: User }) {
  const save = useSetAlwaysShowTranscripts(account);
  return (
    <section className="card" aria-labelledby="transcripts-title">
      <h2 id="transcripts-title" className="card__title">
        Transcripts
      </h2>
      <SwitchField
        label="Always show transcripts"
        hint="The words of every voice note show open under its player, wherever you are. Without it, tap Transcript on a note to read it."
        checked={account.alwaysShowTranscripts}
        onChange={(event) => {
          const on = event.currentTarget.checked;
          save.mutate(on, {
            onSuccess: () =>
              toast.success(on ? 'Transcripts show open now' : 'Transcripts stay folded now'),
            onError: (error) =>
              toast.error(errorMessage(error, 'This setting was not saved. Please try again.')),
          });
        }}
      />
    </section>
  );
}
