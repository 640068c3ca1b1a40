import { NOTIFICATION_TYPES, type NotificationType } from '@doers/contract';
import { SelectField } from '../../../components/ui/select-field';
import { ErrorState, SkeletonList } from '../../../components/ui/state-panels';
import { SwitchField } from '../../../components/ui/switch-field';
import { errorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast-store';
import { usePageTitle } from '../../../lib/use-page-title';
import { PushOptIn } from '../../push';
import { SettingsBackLink } from '../../../components/ui/settings-back-link';
import {
  useNotificationSettings,
  useUpdateNotificationSettings,
  type SettingsChange,
} from '../api/notifications-api';
import '../../../components/ui/field.css';
import './notification-settings-page.css';

/** What each type is called on this screen, in the order people meet them. */
const TYPE_LABELS: Record<NotificationType, { label: string; hint: string }> = {
  vibe: { label: 'Vibes', hint: 'Someone sends you a vibe, with their reason' },
  smile: { label: 'Smiles', hint: 'Someone smiles at your post' },
  hum: { label: 'Hums', hint: 'Someone hums your post to their vibers' },
  comment: { label: 'Voice comments', hint: 'Someone comments on your post' },
  dm: { label: 'Messages', hint: 'Someone sends you a voice message' },
  quest_request: { label: 'Requests to join', hint: 'Someone asks to join your quest' },
  quest_request_accepted: { label: 'Requests accepted', hint: 'You are let into a quest' },
  quest_joined: { label: 'New quest partners', hint: 'Someone joins your quest' },
  referral_joined: { label: 'Invites', hint: 'Someone you invited joins Doers' },
  streak_milestone: { label: 'Streak milestones', hint: '7, 30, 100 and 365 days' },
  streak_reminder: { label: 'Daily reminder', hint: 'When you have not checked in yet' },
  report_handled: { label: 'Your reports', hint: 'What the team did about something you reported' },
  moderation: { label: 'Notices from the team', hint: 'Content hidden, a warning, a suspension' },
};

const hourLabel = (hour: number) =>
  new Date(2000, 0, 1, hour).toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' });

const HOURS = [
  { value: 'off', label: 'Off' },
  ...Array.from({ length: 24 }, (_, hour) => ({ value: String(hour), label: hourLabel(hour) })),
];

/**
 * /settings/notifications: per type, in the app and as a push notification; the daily reminder's
 * hour. Each change saves at once and moves back if the server refuses
 * (docs/product/notifications.md#settings).
 */
export function NotificationSettingsPage() {
  usePageTitle('Notification settings');
  const query = useNotificationSettings();
  const update = useUpdateNotificationSettings();

  const save = (change: SettingsChange, what: string) =>
    update.mutate(change, {
      onError: (error) => toast.error(errorMessage(error, `Could not save ${what}`)),
    });

  return (
    <div className="page notification-settings">
      <SettingsBackLink />
      <h1 className="page__title">Notifications</h1>
      <PushOptIn />
      {query.isPending ? (
        <SkeletonList count={4} variant="row" label="Loading notification settings" />
      ) : query.isError ? (
        <ErrorState
          title="Notification settings did not load"
          message={errorMessage(query.error, 'Something went wrong')}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : (
        <>
          <section className="card notification-settings__card" aria-labelledby="reminder-title">
            <h2 id="reminder-title" className="card__title">
              Daily streak reminder
            </h2>
            <SelectField
              label="Remind me at"
              value={query.data.reminderHour === null ? 'off' : String(query.data.reminderHour)}
              options={HOURS}
              onChange={(event) =>
                save(
                  {
                    reminderHour: event.target.value === 'off' ? null : Number(event.target.value),
                  },
                  'your reminder',
                )
              }
              hint="If you have not checked in on a quest by then (your own time), Doers reminds you once that day."
            />
          </section>
          <section className="card notification-settings__card" aria-labelledby="types-title">
            <h2 id="types-title" className="card__title">
              What you hear about
            </h2>
            <p className="muted">
              In the app: the list behind the bell. Push: on this phone or computer, even when Doers
              is closed.
            </p>
            <ul className="notification-settings__types">
              {NOTIFICATION_TYPES.map((type) => {
                const channels = query.data.types[type] ?? { inApp: true, push: true };
                const { label, hint } = TYPE_LABELS[type];
                return (
                  <li key={type} className="notification-settings__type">
                    <h3 className="notification-settings__type-title">{label}</h3>
                    <p className="muted notification-settings__hint">{hint}</p>
                    <SwitchField
                      label={`${label} in the app`}
                      checked={channels.inApp}
                      onChange={(event) =>
                        save(
                          { types: { [type]: { ...channels, inApp: event.target.checked } } },
                          label.toLowerCase(),
                        )
                      }
                    />
                    <SwitchField
                      label={`${label} as push`}
                      checked={channels.push}
                      onChange={(event) =>
                        save(
                          { types: { [type]: { ...channels, push: event.target.checked } } },
                          label.toLowerCase(),
                        )
                      }
                    />
                  </li>
                );
              })}
            </ul>
          </section>
        </>
      )}
    </div>
  );
}
