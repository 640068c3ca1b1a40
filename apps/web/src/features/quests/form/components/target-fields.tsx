import { ChoiceGroup } from '../../../../components/ui/choice-group';
import { TextField } from '../../../../components/ui/text-field';
import { localToday } from '../../../../lib/days';
import type { QuestFormErrors, QuestFormValues, TargetKind } from '../lib/quest-form-model';

interface TargetFieldsProps {
  values: QuestFormValues;
  errors: QuestFormErrors;
  update<K extends keyof QuestFormValues>(field: K, value: QuestFormValues[K]): void;
}

const CHOICES = [
  { value: 'none', label: 'No end', description: 'Keep going as long as you like.' },
  { value: 'days', label: 'A number of days', description: 'Like 30 days in a row.' },
  { value: 'date', label: 'An end date', description: 'Finish by a day you pick.' },
] as const;

export function TargetFields({ values, errors, update }: TargetFieldsProps) {
  return (
    <ChoiceGroup<TargetKind>
      legend="Target"
      name="target"
      className="form-section"
      value={values.targetKind}
      choices={CHOICES}
      onChange={(kind) => update('targetKind', kind)}
      renderExtra={(kind) =>
        kind === 'days' ? (
          <TextField
            className="choice__extra"
            label="How many days"
            inputMode="numeric"
            pattern="[0-9]*"
            value={values.targetDays}
            onChange={(event) => update('targetDays', event.target.value)}
            error={errors.targetDays}
          />
        ) : kind === 'date' ? (
          <TextField
            className="choice__extra"
            label="Last day of the quest"
            type="date"
            min={localToday()}
            value={values.endDate}
            onChange={(event) => update('endDate', event.target.value)}
            error={errors.endDate}
          />
        ) : null
      }
    />
  );
}
