import type { QuestTemplate } from '@doers/contract';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { isApiError } from '../../../../lib/api-error';
import { localToday } from '../../../../lib/days';
import { randomId } from '../../../../lib/random-id';
import {
  formFromTemplate,
  serverFieldErrors,
  validateQuestForm,
  type QuestFormErrors,
  type QuestFormValues,
} from '../lib/quest-form-model';
import { tasksReducer, type TasksAction } from '../lib/tasks-editor-reducer';

interface UseQuestFormOptions {
  initialValues: QuestFormValues;
  /** Throws the API's error on failure; the form keeps every value and shows what went wrong. */
  onSubmit(values: QuestFormValues): Promise<void>;
  /** End dates before today are refused on create; an edit leaves old dates to the server. */
  checkEndDateAgainstToday: boolean;
}

export function useQuestForm({
  initialValues,
  onSubmit,
  checkEndDateAgainstToday,
}: UseQuestFormOptions) {
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<QuestFormErrors>({});
  const [submitting, setSubmitting] = useState(false);
  /** The form as it was before a template filled it in, for "Undo". */
  const [beforeTemplate, setBeforeTemplate] = useState<QuestFormValues | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const [focusErrorTick, setFocusErrorTick] = useState(0);

  // After a failed submit, take keyboard and screen-reader users to the first problem.
  useEffect(() => {
    if (!focusErrorTick) return;
    const target = formRef.current?.querySelector<HTMLElement>(
      '[data-form-error], [aria-invalid="true"]',
    );
    // A problem inside folded "More options" must be seen: unfold it first.
    const folded = target?.closest('details');
    if (folded) folded.open = true;
    target?.focus();
    target?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [focusErrorTick]);

  function clearError(...keys: string[]) {
    setErrors((current) => {
      if (!keys.some((key) => key in current) && !current.form) return current;
      const next = { ...current };
      for (const key of keys) delete next[key];
      delete next.form;
      return next;
    });
  }

  function update<K extends keyof QuestFormValues>(field: K, value: QuestFormValues[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    clearError(field);
  }

  function dispatchTasks(action: TasksAction) {
    setValues((current) => ({ ...current, tasks: tasksReducer(current.tasks, action) }));
    clearError('tasks', 'key' in action ? `task:${action.key}` : '');
  }

  function applyTemplate(template: QuestTemplate) {
    setBeforeTemplate((previous) => previous ?? values);
    setValues((current) => formFromTemplate(current, template, randomId));
    setErrors({});
  }

  function undoTemplate() {
    if (!beforeTemplate) return;
    setValues(beforeTemplate);
    setBeforeTemplate(null);
    setErrors({});
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const found = validateQuestForm(values, checkEndDateAgainstToday ? localToday() : undefined);
    setErrors(found);
    if (Object.keys(found).length) {
      setFocusErrorTick((tick) => tick + 1);
      return;
    }
    setSubmitting(true);
    try {
      await onSubmit(values);
    } catch (error) {
      const placed =
        isApiError(error) && error.errors?.length
          ? serverFieldErrors(error.errors, values)
          : { errors: {}, unplaced: [] };
      const message = error instanceof Error ? error.message : 'Could not save your quest';
      const hasFieldErrors = Object.keys(placed.errors).length > 0;
      setErrors({
        ...placed.errors,
        // The server's own words (the quest limit above all) lead the form.
        ...(hasFieldErrors && !placed.unplaced.length
          ? {}
          : { form: [message, ...placed.unplaced].join(' ') }),
      });
      setFocusErrorTick((tick) => tick + 1);
    } finally {
      setSubmitting(false);
    }
  }

  return {
    values,
    errors,
    submitting,
    formRef,
    update,
    dispatchTasks,
    applyTemplate,
    undoTemplate,
    canUndoTemplate: beforeTemplate !== null,
    handleSubmit,
  };
}
