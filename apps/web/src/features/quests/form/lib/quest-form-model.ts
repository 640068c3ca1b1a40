import {
  createQuestRequest,
  type CreateQuestRequest,
  type Day,
  type FieldError,
  type Quest,
  type QuestCategory,
  type QuestTemplate,
  type QuestVisibility,
  type UpdateQuestRequest,
} from '@doers/contract';
import { tasksFromQuest, tasksFromTitles, type TaskDraft } from './tasks-editor-reducer';

export type TargetKind = 'none' | 'days' | 'date';

/** What the form holds: strings as typed, so nothing is lost or reformatted while editing. */
export interface QuestFormValues {
  title: string;
  description: string;
  category: QuestCategory | '';
  emoji: string;
  tasks: TaskDraft[];
  targetKind: TargetKind;
  targetDays: string;
  endDate: string;
  visibility: QuestVisibility;
  allowOthersToJoin: boolean;
  participantLimit: string;
  requiresApproval: boolean;
  templateId: string | null;
}

/** A field key, or `task:<row key>` for one task, or 'form' for what fits nowhere else. */
export type QuestFormErrors = Record<string, string>;

export const DEFAULT_EMOJI = '🎯';

export const EMPTY_QUEST_FORM: QuestFormValues = {
  title: '',
  description: '',
  // A sensible default: only a title is needed to start (templates set their own category).
  category: 'other',
  emoji: DEFAULT_EMOJI,
  tasks: [],
  targetKind: 'none',
  targetDays: '',
  endDate: '',
  visibility: 'public',
  allowOthersToJoin: false,
  participantLimit: '',
  requiresApproval: false,
  templateId: null,
};

/**
 * "Start from template": the template decides what the quest is (title, emoji, description,
 * category, tasks, target); who sees and joins it stays as the person set it.
 */
export function formFromTemplate(
  values: QuestFormValues,
  template: QuestTemplate,
  makeKey: () => string,
): QuestFormValues {
  return {
    ...values,
    title: template.title,
    description: template.description,
    category: template.category,
    emoji: template.emoji || DEFAULT_EMOJI,
    tasks: tasksFromTitles(template.tasks, makeKey),
    targetKind: template.targetDays ? 'days' : 'none',
    targetDays: template.targetDays ? String(template.targetDays) : '',
    endDate: '',
    templateId: template.id,
  };
}

export function formFromQuest(quest: Quest): QuestFormValues {
  return {
    title: quest.title,
    description: quest.description,
    category: quest.category,
    emoji: quest.emoji || DEFAULT_EMOJI,
    tasks: tasksFromQuest(quest.tasks),
    targetKind: quest.targetDays ? 'days' : quest.endDate ? 'date' : 'none',
    targetDays: quest.targetDays ? String(quest.targetDays) : '',
    endDate: quest.endDate ?? '',
    visibility: quest.visibility,
    allowOthersToJoin: quest.allowOthersToJoin,
    participantLimit: quest.participantLimit ? String(quest.participantLimit) : '',
    requiresApproval: quest.requiresApproval,
    templateId: null,
  };
}

function wholeNumber(text: string): number | null {
  const trimmed = text.trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : null;
}

/** Private quests cannot be shared, and a quest nobody may join has no limit or approval. */
export function canBeShared(values: Pick<QuestFormValues, 'visibility'>): boolean {
  return values.visibility !== 'private';
}

/** Everything but the template: the fields a create and an edit both send. */
function questFields(values: QuestFormValues): Omit<CreateQuestRequest, 'templateId'> {
  const shared = canBeShared(values) && values.allowOthersToJoin;
  const limit = shared ? wholeNumber(values.participantLimit) : null;
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    category: values.category as QuestCategory,
    emoji: values.emoji.trim() || DEFAULT_EMOJI,
    tasks: values.tasks.map((task) =>
      task.id ? { id: task.id, title: task.title.trim() } : { title: task.title.trim() },
    ),
    targetDays: values.targetKind === 'days' ? (wholeNumber(values.targetDays) ?? 0) : null,
    endDate: values.targetKind === 'date' && values.endDate ? values.endDate : null,
    visibility: values.visibility,
    allowOthersToJoin: shared,
    participantLimit: limit,
    requiresApproval: shared && values.requiresApproval,
  };
}

export function toCreateRequest(values: QuestFormValues): CreateQuestRequest {
  const request: CreateQuestRequest = questFields(values);
  if (values.templateId) request.templateId = values.templateId;
  return request;
}

/** The task list replaces the old one; existing tasks keep their ids (history stays). */
export function toUpdateRequest(values: QuestFormValues): UpdateQuestRequest {
  return questFields(values);
}

/** Maps a path of the contract ('tasks', 2, 'title') onto the form's error keys. */
function errorKey(path: ReadonlyArray<PropertyKey>, values: QuestFormValues): string {
  const [head, index] = path;
  if (head === 'tasks' && typeof index === 'number') {
    const task = values.tasks[index];
    return task ? `task:${task.key}` : 'tasks';
  }
  return typeof head === 'string' ? head : 'form';
}

/**
 * The form's own checks (what the contract cannot see: text in a number box, a date in the
 * past), then the contract's schema with its own messages. First message per field wins.
 */
export function validateQuestForm(values: QuestFormValues, today?: Day): QuestFormErrors {
  const errors: QuestFormErrors = {};
  const add = (key: string, message: string) => {
    errors[key] ??= message;
  };
  if (values.targetKind === 'days' && wholeNumber(values.targetDays) === null) {
    add(
      'targetDays',
      values.targetDays.trim() ? 'Enter a whole number of days' : 'Enter a number of days',
    );
  }
  if (values.targetKind === 'date') {
    if (!values.endDate) add('endDate', 'Pick an end date');
    else if (today && values.endDate < today) add('endDate', 'Pick an end date from today on');
  }
  const sharing = canBeShared(values) && values.allowOthersToJoin;
  if (sharing && values.participantLimit.trim() && wholeNumber(values.participantLimit) === null) {
    add('participantLimit', 'Enter a whole number, or leave it empty for no limit');
  }
  const parsed = createQuestRequest.safeParse(toCreateRequest(values));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) add(errorKey(issue.path, values), issue.message);
  }
  return errors;
}

/**
 * The server's field errors placed on their fields. Names may come as 'title', 'tasks.1.title'
 * or 'tasks[1].title'; what matches no field is returned for the form-level alert.
 */
export function serverFieldErrors(
  fieldErrors: FieldError[],
  values: QuestFormValues,
): { errors: QuestFormErrors; unplaced: string[] } {
  const known = new Set<string>([...Object.keys(EMPTY_QUEST_FORM), 'tasks']);
  const errors: QuestFormErrors = {};
  const unplaced: string[] = [];
  for (const { field, message } of fieldErrors) {
    const path = field
      .split(/[.[\]/]+/)
      .filter(Boolean)
      .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
    const key = errorKey(path, values);
    if (key.startsWith('task:') || known.has(key)) errors[key] ??= message;
    else unplaced.push(message);
  }
  return { errors, unplaced };
}
