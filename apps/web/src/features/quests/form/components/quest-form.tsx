import {
  QUEST_CATEGORIES,
  QUEST_DESCRIPTION_MAX,
  QUEST_TITLE_MAX,
  QUEST_VISIBILITIES,
  type QuestCategory,
  type QuestVisibility,
} from '@doers/contract';
import type { ReactNode } from 'react';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { ChoiceGroup } from '../../../../components/ui/choice-group';
import { IconGlobe, IconLock, IconUsers } from '../../../../components/ui/icons';
import { SelectField } from '../../../../components/ui/select-field';
import { TextField } from '../../../../components/ui/text-field';
import { TextareaField } from '../../../../components/ui/textarea-field';
import { useQuestForm } from '../hooks/use-quest-form';
import {
  CATEGORY_LABELS,
  VISIBILITY_DESCRIPTIONS,
  VISIBILITY_LABELS,
} from '../../common/lib/quest-labels';
import type { QuestFormValues } from '../lib/quest-form-model';
import { EmojiPicker } from './emoji-picker';
import { SharingSettings } from './sharing-settings';
import { TargetFields } from './target-fields';
import { TasksEditor } from './tasks-editor';
import { TemplatePicker } from './template-picker';
import './quest-form.css';

export interface QuestFormProps {
  mode: 'create' | 'edit';
  initialValues: QuestFormValues;
  submitLabel: string;
  onSubmit(values: QuestFormValues): Promise<void>;
  /** Onboarding: templates first, the rarer settings folded under "More options". */
  compact?: boolean;
  /** Above the submit button (a note on the quest limit, say). */
  footer?: ReactNode;
}

const CATEGORY_OPTIONS = QUEST_CATEGORIES.map((value) => ({
  value,
  label: CATEGORY_LABELS[value],
}));

const VISIBILITY_ICONS: Record<QuestVisibility, ReactNode> = {
  public: <IconGlobe size={20} />,
  vibers: <IconUsers size={20} />,
  private: <IconLock size={20} />,
};

const VISIBILITY_CHOICES = QUEST_VISIBILITIES.map((value) => ({
  value,
  label: VISIBILITY_LABELS[value],
  description: VISIBILITY_DESCRIPTIONS[value],
  icon: VISIBILITY_ICONS[value],
}));

/** One form for /quests/create, /quests/{id}/edit and the onboarding step 'first-quest'. */
export function QuestForm({
  mode,
  initialValues,
  submitLabel,
  onSubmit,
  compact = false,
  footer,
}: QuestFormProps) {
  const {
    values,
    errors,
    update,
    formRef,
    handleSubmit,
    submitting,
    dispatchTasks,
    applyTemplate,
    undoTemplate,
    canUndoTemplate,
  } = useQuestForm({ initialValues, onSubmit, checkEndDateAgainstToday: mode === 'create' });

  const details = (
    <>
      <TextareaField
        label="Description (optional)"
        rows={3}
        value={values.description}
        maxLength={QUEST_DESCRIPTION_MAX + 50}
        onChange={(event) => update('description', event.target.value)}
        hint={`${values.description.trim().length} of ${QUEST_DESCRIPTION_MAX} characters`}
        error={errors.description}
      />
      <TargetFields values={values} errors={errors} update={update} />
      <ChoiceGroup<QuestVisibility>
        legend="Who can see it"
        name="visibility"
        className="form-section"
        value={values.visibility}
        choices={VISIBILITY_CHOICES}
        onChange={(visibility) => update('visibility', visibility)}
        error={errors.visibility}
      />
      <SharingSettings values={values} errors={errors} update={update} />
    </>
  );

  return (
    <form ref={formRef} className="form quest-form" onSubmit={handleSubmit} noValidate>
      {errors.form && (
        <div tabIndex={-1} data-form-error className="quest-form__error">
          <Alert
            title={mode === 'create' ? 'Your quest was not created' : 'Your changes were not saved'}
          >
            {errors.form}
          </Alert>
        </div>
      )}
      {mode === 'create' && (
        <TemplatePicker
          compact={compact}
          selectedId={values.templateId}
          onPick={applyTemplate}
          onUndo={undoTemplate}
          canUndo={canUndoTemplate}
        />
      )}
      <section className="form-section" aria-label="The quest">
        <TextField
          label="Title"
          value={values.title}
          maxLength={QUEST_TITLE_MAX + 20}
          placeholder="e.g. Run every morning"
          onChange={(event) => update('title', event.target.value)}
          error={errors.title}
        />
        <SelectField
          label="Category"
          value={values.category}
          options={CATEGORY_OPTIONS}
          onChange={(event) => update('category', event.target.value as QuestCategory | '')}
          error={errors.category}
        />
        <EmojiPicker value={values.emoji} onChange={(emoji) => update('emoji', emoji)} />
      </section>
      <TasksEditor tasks={values.tasks} dispatch={dispatchTasks} errors={errors} />
      {compact ? (
        <details className="quest-form__more">
          <summary>More options: description, target, who can see and join</summary>
          <div className="quest-form__more-body">{details}</div>
        </details>
      ) : (
        details
      )}
      {footer}
      <Button type="submit" block loading={submitting}>
        {submitLabel}
      </Button>
    </form>
  );
}
