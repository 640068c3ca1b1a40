import { SwitchField } from '../../../../components/ui/switch-field';
import { TextField } from '../../../../components/ui/text-field';
import { canBeShared, type QuestFormErrors, type QuestFormValues } from '../lib/quest-form-model';
import { QUEST_TUTORIAL_MARKERS as MARKERS } from '../../common/lib/tutorial-markers';
import '../../../../components/ui/field.css';
import './sharing-settings.css';

interface SharingSettingsProps {
  values: QuestFormValues;
  errors: QuestFormErrors;
  update<K extends keyof QuestFormValues>(field: K, value: QuestFormValues[K]): void;
}

/** Opening a quest to others (docs/product/sharing.md); a group-quests tutorial to come. */
export function SharingSettings({ values, errors, update }: SharingSettingsProps) {
  const shareable = canBeShared(values);
  const open = shareable && values.allowOthersToJoin;
  return (
    <fieldset className="form-section sharing-settings" data-tutorial={MARKERS.questSettings}>
      <legend className="form-section__title">Sharing</legend>
      <p className="field__hint">
        {shareable
          ? 'Turn a solo quest into a group quest: others join with its link and keep their own streak.'
          : 'Private quests cannot be shared. Choose Public or Vibers above to let others join.'}
      </p>
      <div data-tutorial={MARKERS.allowJoinToggle}>
        <SwitchField
          label="Allow others to join"
          checked={open}
          disabled={!shareable}
          onChange={(event) => update('allowOthersToJoin', event.target.checked)}
        />
      </div>
      <div className="sharing-settings__details" data-disabled={!open || undefined}>
        <div data-tutorial={MARKERS.participationLimit}>
          <TextField
            label="Participation limit (optional)"
            inputMode="numeric"
            pattern="[0-9]*"
            placeholder="No limit"
            value={values.participantLimit}
            disabled={!open}
            onChange={(event) => update('participantLimit', event.target.value)}
            hint="Everyone on the quest, you included. Leave empty for no limit."
            error={open ? errors.participantLimit : null}
          />
        </div>
        <SwitchField
          label="Require approval to join"
          checked={open && values.requiresApproval}
          disabled={!open}
          onChange={(event) => update('requiresApproval', event.target.checked)}
          hint="You accept or decline each request in Activity."
        />
      </div>
    </fieldset>
  );
}
