import type { ModerationAction, QueueItem } from '@doers/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ChoiceGroup } from '../../../components/ui/choice-group';
import { TextField } from '../../../components/ui/text-field';
import { TextareaField } from '../../../components/ui/textarea-field';
import { VoicePlayer } from '../../../components/voice/voice-player';
import { errorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast-store';
import { useModerationAction } from '../api/safety-api';
import { ACTION_LABELS, actionPhrase, CATEGORY_LABELS, TARGET_NAMES } from '../safety-text';
import { formatDate } from '../../../lib/dates';

const when = (iso: string) => formatDate(iso, 'dayMonthTime');

/** One reported thing: what it is, who reported it and why, its person's history, the actions. */
export function QueueItemCard({ item }: { item: QueueItem }) {
  const what = TARGET_NAMES[item.targetType];
  const person = item.targetUser;
  const name = person ? person.displayName || `@${person.username}` : 'someone';
  const actions = (['hide', 'warn', 'suspend', 'dismiss'] as const).filter(
    (a) => a !== 'hide' || (item.targetType !== 'user' && !item.gone),
  );
  const [action, setAction] = useState<ModerationAction>(actions[0]!);
  const [reason, setReason] = useState('');
  const [days, setDays] = useState('');
  const act = useModerationAction();

  const submit = () =>
    act.mutate(
      {
        targetType: item.targetType,
        targetId: item.targetId,
        action,
        reason,
        days: action === 'suspend' && days ? Number(days) : null,
      },
      { onSuccess: (entry) => toast.success(`Done: you ${actionPhrase(entry)}.`) },
    );

  return (
    <li className="card queue-item" aria-label={`Reported ${what} by ${name}`}>
      <div className="queue-item__head">
        <p>
          <strong>{item.reportCount}</strong> {item.reportCount === 1 ? 'report' : 'reports'} on a{' '}
          {what} by {person ? <Link to={`/users/${person.id}`}>{name}</Link> : name}
        </p>
        <span className="muted">{when(item.latestAt)}</span>
      </div>
      {item.voice && (
        <VoicePlayer
          src={item.voice.url}
          label={`reported ${what}`}
          peaks={item.voice.waveform}
          durationMs={item.voice.durationMs}
          transcript={item.voice.transcript}
        />
      )}
      {item.gone && <p className="muted">The {what} is gone: deleted by its author or hidden.</p>}
      <ul className="queue-item__reports" aria-label="Reports">
        {item.reports.map((r) => (
          <li key={r.id}>
            <strong>{CATEGORY_LABELS[r.category].label}</strong>
            {r.reporter && <span className="muted"> · @{r.reporter.username}</span>}
            {r.note && <p className="queue-item__note">“{r.note}”</p>}
            {r.voice && (
              <VoicePlayer
                src={r.voice.url}
                label={`voice note from ${r.reporter ? `@${r.reporter.username}` : 'the reporter'}`}
                peaks={r.voice.waveform}
                durationMs={r.voice.durationMs}
              />
            )}
          </li>
        ))}
      </ul>
      <p className="muted queue-item__history">
        History: {item.history.reports} other {item.history.reports === 1 ? 'report' : 'reports'} on{' '}
        {name}
        {item.history.actions.length > 0 &&
          `; earlier: ${item.history.actions.map((a) => actionPhrase(a)).join(', ')}`}
        .
      </p>
      <div className="queue-item__act">
        <ChoiceGroup<ModerationAction>
          legend="Action"
          name={`action-${item.targetId}`}
          value={action}
          choices={actions.map((a) => ({ value: a, label: ACTION_LABELS[a] }))}
          onChange={setAction}
          renderExtra={(chosen) =>
            chosen === 'suspend' && (
              <TextField
                label="Days (empty: until lifted)"
                inputMode="numeric"
                value={days}
                onChange={(event) => setDays(event.target.value.replace(/\D/g, ''))}
              />
            )
          }
        />
        <TextareaField
          label="Reason (the person and the audit log see it)"
          value={reason}
          rows={2}
          maxLength={500}
          onChange={(event) => setReason(event.target.value)}
        />
        {act.isError && <Alert>{errorMessage(act.error, 'The action did not go through')}</Alert>}
        <Button
          variant={action === 'dismiss' ? 'secondary' : 'danger'}
          loading={act.isPending}
          onClick={submit}
        >
          {ACTION_LABELS[action]}
        </Button>
      </div>
    </li>
  );
}
