import type { Quest, QuestTemplate } from '@doers/contract';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_QUEST_FORM,
  formFromQuest,
  formFromTemplate,
  serverFieldErrors,
  toCreateRequest,
  toUpdateRequest,
  validateQuestForm,
  type QuestFormValues,
} from './quest-form-model';

const filled: QuestFormValues = {
  ...EMPTY_QUEST_FORM,
  title: '  Run every morning ',
  description: ' Before work. ',
  category: 'fitness',
  emoji: '🏃',
  tasks: [
    { key: 'a', id: '6f1c5f7e-1d7b-4c61-9a52-1f0f3d9b7a10', title: ' Stretch ' },
    { key: 'n1', title: 'Run 5k ' },
  ],
};

const template: QuestTemplate = {
  id: 'tpl-read',
  title: 'Read every day',
  description: 'Ten pages a day adds up.',
  category: 'learning',
  emoji: '📚',
  tasks: ['Read 10 pages', 'Write one note'],
  targetDays: 30,
};

describe('toCreateRequest', () => {
  it('trims text and keeps ids only for existing tasks', () => {
    const request = toCreateRequest(filled);
    expect(request).toMatchObject({
      title: 'Run every morning',
      description: 'Before work.',
      category: 'fitness',
      emoji: '🏃',
      tasks: [
        { id: '6f1c5f7e-1d7b-4c61-9a52-1f0f3d9b7a10', title: 'Stretch' },
        { title: 'Run 5k' },
      ],
      targetDays: null,
      endDate: null,
    });
    expect(request.tasks?.[1]).not.toHaveProperty('id');
    expect(request).not.toHaveProperty('templateId');
  });

  it('maps the target: none, a number of days, or an end date, never both', () => {
    const days = toCreateRequest({
      ...filled,
      targetKind: 'days',
      targetDays: ' 30 ',
      endDate: '2026-05-01',
    });
    expect(days).toMatchObject({ targetDays: 30, endDate: null });
    const date = toCreateRequest({
      ...filled,
      targetKind: 'date',
      targetDays: '30',
      endDate: '2026-05-01',
    });
    expect(date).toMatchObject({ targetDays: null, endDate: '2026-05-01' });
    const none = toCreateRequest({
      ...filled,
      targetKind: 'none',
      targetDays: '30',
      endDate: '2026-05-01',
    });
    expect(none).toMatchObject({ targetDays: null, endDate: null });
  });

  it('sends sharing settings only when others may join', () => {
    const shared = toCreateRequest({
      ...filled,
      allowOthersToJoin: true,
      participantLimit: ' 8 ',
      requiresApproval: true,
    });
    expect(shared).toMatchObject({
      allowOthersToJoin: true,
      participantLimit: 8,
      requiresApproval: true,
    });

    const openEnded = toCreateRequest({ ...filled, allowOthersToJoin: true, participantLimit: '' });
    expect(openEnded).toMatchObject({
      allowOthersToJoin: true,
      participantLimit: null,
      requiresApproval: false,
    });

    // Typed values survive in the form but are not sent while joining is off.
    const solo = toCreateRequest({
      ...filled,
      allowOthersToJoin: false,
      participantLimit: '8',
      requiresApproval: true,
    });
    expect(solo).toMatchObject({
      allowOthersToJoin: false,
      participantLimit: null,
      requiresApproval: false,
    });
  });

  it('never shares a private quest', () => {
    const request = toCreateRequest({
      ...filled,
      visibility: 'private',
      allowOthersToJoin: true,
      participantLimit: '5',
      requiresApproval: true,
    });
    expect(request).toMatchObject({
      visibility: 'private',
      allowOthersToJoin: false,
      participantLimit: null,
      requiresApproval: false,
    });
  });

  it('names the template it started from, and falls back to the default emoji', () => {
    expect(toCreateRequest({ ...filled, templateId: 'tpl-read' }).templateId).toBe('tpl-read');
    expect(toCreateRequest({ ...filled, emoji: '  ' }).emoji).toBe('🎯');
  });

  it('an update sends the same fields without the template', () => {
    const update = toUpdateRequest({ ...filled, templateId: 'tpl-read' });
    expect(update).not.toHaveProperty('templateId');
    expect(update.tasks).toHaveLength(2);
  });
});

describe('formFromTemplate', () => {
  it('pre-fills title, emoji, description, category, tasks and target', () => {
    let n = 0;
    const next = formFromTemplate(EMPTY_QUEST_FORM, template, () => `t${++n}`);
    expect(next).toMatchObject({
      title: 'Read every day',
      emoji: '📚',
      description: 'Ten pages a day adds up.',
      category: 'learning',
      targetKind: 'days',
      targetDays: '30',
      templateId: 'tpl-read',
    });
    expect(next.tasks).toEqual([
      { key: 't1', title: 'Read 10 pages' },
      { key: 't2', title: 'Write one note' },
    ]);
  });

  it('keeps who can see and join, and clears an old end date', () => {
    const before: QuestFormValues = {
      ...filled,
      visibility: 'vibers',
      allowOthersToJoin: true,
      participantLimit: '4',
      requiresApproval: true,
      targetKind: 'date',
      endDate: '2026-06-01',
    };
    const next = formFromTemplate(before, { ...template, targetDays: null }, () => 'k');
    expect(next).toMatchObject({
      visibility: 'vibers',
      allowOthersToJoin: true,
      participantLimit: '4',
      requiresApproval: true,
    });
    expect(next).toMatchObject({ targetKind: 'none', endDate: '' });
  });
});

describe('formFromQuest', () => {
  it('loads a saved quest with its task ids in order', () => {
    const quest = {
      title: 'Read',
      description: '',
      category: 'learning',
      emoji: '📚',
      tasks: [
        { id: 't2', title: 'Notes', position: 1 },
        { id: 't1', title: 'Pages', position: 0 },
      ],
      targetDays: null,
      endDate: '2026-06-01',
      visibility: 'public',
      allowOthersToJoin: true,
      participantLimit: 10,
      requiresApproval: false,
    } as unknown as Quest;
    const values = formFromQuest(quest);
    expect(values.tasks.map((t) => t.id)).toEqual(['t1', 't2']);
    expect(values).toMatchObject({
      targetKind: 'date',
      endDate: '2026-06-01',
      participantLimit: '10',
    });
  });
});

describe('validateQuestForm', () => {
  it('passes a good form', () => {
    expect(validateQuestForm(filled, '2026-03-01')).toEqual({});
  });

  it("uses the contract's messages", () => {
    const errors = validateQuestForm({ ...EMPTY_QUEST_FORM, title: '   ', category: '' });
    expect(errors.title).toBe('Give your quest a title');
    expect(errors.category).toBe('Choose a category');
    // A title is all a new quest needs: the category starts as Other.
    expect(validateQuestForm({ ...EMPTY_QUEST_FORM, title: 'Walk' })).toEqual({});
    expect(validateQuestForm({ ...filled, title: 'x'.repeat(81) }).title).toBe(
      'Keep the title under 80 characters',
    );
  });

  it('puts a task error on its own row', () => {
    const errors = validateQuestForm({
      ...filled,
      tasks: [...filled.tasks, { key: 'blank', title: '  ' }],
    });
    expect(errors['task:blank']).toBe('A task needs a name');
  });

  it('checks the target and the participation limit', () => {
    expect(validateQuestForm({ ...filled, targetKind: 'days', targetDays: '' }).targetDays).toBe(
      'Enter a number of days',
    );
    expect(validateQuestForm({ ...filled, targetKind: 'days', targetDays: '2.5' }).targetDays).toBe(
      'Enter a whole number of days',
    );
    expect(validateQuestForm({ ...filled, targetKind: 'days', targetDays: '0' }).targetDays).toBe(
      'A target is at least 1 day',
    );
    expect(validateQuestForm({ ...filled, targetKind: 'date', endDate: '' }).endDate).toBe(
      'Pick an end date',
    );
    expect(
      validateQuestForm({ ...filled, targetKind: 'date', endDate: '2026-02-01' }, '2026-03-01')
        .endDate,
    ).toBe('Pick an end date from today on');
    const limit = (participantLimit: string) =>
      validateQuestForm({ ...filled, allowOthersToJoin: true, participantLimit }).participantLimit;
    expect(limit('1')).toBe('A shared quest needs room for at least 2 people');
    expect(limit('many')).toMatch(/whole number/);
    expect(limit('')).toBeUndefined();
    // Not checked while nobody may join.
    expect(
      validateQuestForm({ ...filled, participantLimit: '1' }).participantLimit,
    ).toBeUndefined();
  });
});

describe('serverFieldErrors', () => {
  it('places known fields and task rows, and returns the rest for the form', () => {
    const { errors, unplaced } = serverFieldErrors(
      [
        { field: 'title', message: 'Taken' },
        { field: 'tasks.1.title', message: 'Too long' },
        { field: 'tasks[0].title', message: 'Odd' },
        { field: 'somethingElse', message: 'Nope' },
      ],
      filled,
    );
    expect(errors).toEqual({ title: 'Taken', 'task:n1': 'Too long', 'task:a': 'Odd' });
    expect(unplaced).toEqual(['Nope']);
  });
});
