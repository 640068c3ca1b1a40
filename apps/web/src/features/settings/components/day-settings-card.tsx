import { addDays, REST_DAYS_PER_MONTH } from '@doers/contract';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { ErrorState } from '../../../components/ui/state-panels';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api-error';
import { useAccount } from '../../../lib/auth/use-account';
import { formatRelativeDay, localToday } from '../../../lib/days';
import { toast } from '../../../lib/toast-store';
import { useChangeRestDay, useRestDays, useSetDayStartHour } from '../api/day-settings-api';
import '../../../components/ui/field.css';
import './day-settings-card.css';

const HOURS = Array.from({ length: 24 }, (_, hour) => ({
  value: String(hour),
  label: `${String(hour).padStart(2, '0')}:00${hour === 0 ? ' (midnight)' : ''}`,
}));

/**
 * When a day starts for check-ins, and rest days that keep a streak
 * (docs/product/check-ins-and-streaks.md).
 */
export function DaySettingsCard() {
  const dayStartHour = useAccount().data?.dayStartHour ?? 0;
  const setHour = useSetDayStartHour();
  const rest = useRestDays();
  const change = useChangeRestDay();
  const today = localToday(new Date(), dayStartHour);
  const [day, setDay] = useState(today);
  const upcoming = (rest.data?.days ?? []).filter((item) => item >= today);

  function saveHour(value: string) {
    setHour.mutate(
      { dayStartHour: Number(value) },
      {
        onSuccess: () => toast.success('Your day start is saved'),
        onError: (error) => toast.error(errorMessage(error, 'Could not save your day start')),
      },
    );
  }

  function changeRestDay(target: string, remove = false) {
    change.mutate(
      { day: target, remove },
      {
        onSuccess: () =>
          toast.success(
            remove
              ? `${formatRelativeDay(target, today)} is a normal day again`
              : `${formatRelativeDay(target, today)} is a rest day. Your streaks are safe.`,
          ),
        onError: (error) => toast.error(errorMessage(error, 'Could not change the rest day')),
      },
    );
  }

  return (
    <section className="card day-settings" aria-labelledby="day-settings-title">
      <h2 id="day-settings-title" className="card__title">
        Days and rest
      </h2>
      <SelectField
        label="My day starts at"
        value={String(dayStartHour)}
        options={HOURS}
        disabled={setHour.isPending}
        onChange={(event) => saveHour(event.target.value)}
        hint="Check-ins before this hour count for the day before. Night owls often pick 04:00."
      />
      <div className="day-settings__rest">
        <p className="field__label">Rest days</p>
        <p className="field__hint">
          Up to {REST_DAYS_PER_MONTH} a month. A rest day neither breaks nor extends your streaks.
          {rest.data && ` ${rest.data.remainingThisMonth} left this month.`}
        </p>
        {rest.isError && (
          <ErrorState
            title="Rest days did not load"
            message={errorMessage(rest.error, 'Something went wrong')}
            onRetry={() => void rest.refetch()}
            retrying={rest.isFetching}
          />
        )}
        {upcoming.length > 0 && (
          <ul className="day-settings__list">
            {upcoming.map((item) => (
              <li key={item}>
                <span>{formatRelativeDay(item, today)}</span>
                <Button
                  variant="ghost"
                  className="btn--small"
                  disabled={change.isPending}
                  onClick={() => changeRestDay(item, true)}
                  aria-label={`Remove rest day ${formatRelativeDay(item, today)}`}
                >
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        )}
        <div className="day-settings__add">
          <TextField
            label="Day"
            type="date"
            min={today}
            max={addDays(today, 42)}
            value={day}
            onChange={(event) => setDay(event.target.value)}
          />
          <Button
            variant="secondary"
            loading={change.isPending}
            disabled={!day}
            onClick={() => changeRestDay(day)}
          >
            Take a rest day
          </Button>
        </div>
      </div>
    </section>
  );
}
