import { QUEST_TASK_TITLE_MAX, QUEST_TASKS_MAX } from '@doers/contract';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Button } from '../../../../components/ui/button';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '../../../../components/ui/icons';
import { randomId } from '../../../../lib/random-id';
import type { QuestFormErrors } from '../lib/quest-form-model';
import type { TaskDraft, TasksAction } from '../lib/tasks-editor-reducer';
import '../../../../components/ui/field.css';
import '../../../../components/ui/icon-button.css';
import './tasks-editor.css';

interface TasksEditorProps {
  tasks: TaskDraft[];
  dispatch(action: TasksAction): void;
  errors: QuestFormErrors;
}

/**
 * The quest's checklist: rename in place, move with buttons (keyboard friendly, no drag
 * needed), remove, add. Focus follows the task being moved or lands sensibly after a removal,
 * and a live region says what happened.
 */
export function TasksEditor({ tasks, dispatch, errors }: TasksEditorProps) {
  const id = useId();
  const listRef = useRef<HTMLOListElement>(null);
  const newTaskRef = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState('');
  const [announcement, setAnnouncement] = useState('');
  const full = tasks.length >= QUEST_TASKS_MAX;

  function focusLater(selector: string) {
    requestAnimationFrame(() => {
      const element = listRef.current?.querySelector<HTMLElement>(selector);
      (element ?? newTaskRef.current)?.focus();
    });
  }

  function move(task: TaskDraft, index: number, offset: -1 | 1) {
    dispatch({ type: 'move', key: task.key, offset });
    const to = index + offset;
    setAnnouncement(`${task.title || 'Task'} moved to position ${to + 1} of ${tasks.length}`);
    // Keep focus on the same button; at either end it is disabled, so use its partner.
    const atEnd = to === 0 || to === tasks.length - 1;
    const direction = atEnd ? (offset === -1 ? 'down' : 'up') : offset === -1 ? 'up' : 'down';
    focusLater(`[data-task-key="${task.key}"] [data-move="${direction}"]`);
  }

  function remove(task: TaskDraft, index: number) {
    dispatch({ type: 'remove', key: task.key });
    setAnnouncement(`Removed ${task.title || 'a task'}`);
    const neighbour = tasks[index + 1] ?? tasks[index - 1];
    focusLater(neighbour ? `[data-task-key="${neighbour.key}"] input` : '#none');
  }

  function add() {
    const title = draft.trim();
    if (!title || full) return;
    dispatch({ type: 'add', key: randomId(), title });
    setDraft('');
    setAnnouncement(`Added ${title}`);
    newTaskRef.current?.focus();
  }

  function onNewTaskKey(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault(); // Enter adds the task; it must not submit the whole form
    add();
  }

  return (
    <fieldset className="tasks-editor" aria-describedby={`${id}-hint`}>
      <legend className="form-section__title">Tasks</legend>
      <p id={`${id}-hint`} className="field__hint">
        Your daily checklist. Tick them off when you check in. Up to {QUEST_TASKS_MAX}.
      </p>
      {errors.tasks && (
        <p className="field__error" role="alert">
          {errors.tasks}
        </p>
      )}
      {tasks.length > 0 && (
        <ol ref={listRef} className="tasks-editor__list">
          {tasks.map((task, index) => {
            const error = errors[`task:${task.key}`];
            const inputId = `${id}-task-${task.key}`;
            const name = task.title.trim() || `task ${index + 1}`;
            return (
              <li key={task.key} className="tasks-editor__row" data-task-key={task.key}>
                <label htmlFor={inputId} className="tasks-editor__number">
                  <span className="sr-only">Task </span>
                  {index + 1}
                </label>
                <input
                  id={inputId}
                  className="field__input tasks-editor__input"
                  value={task.title}
                  maxLength={QUEST_TASK_TITLE_MAX + 20}
                  onChange={(event) =>
                    dispatch({ type: 'rename', key: task.key, title: event.target.value })
                  }
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${inputId}-error` : undefined}
                />
                <span className="tasks-editor__actions">
                  <button
                    type="button"
                    className="icon-btn icon-btn--small"
                    data-move="up"
                    disabled={index === 0}
                    onClick={() => move(task, index, -1)}
                  >
                    <IconArrowUp size={18} />
                    <span className="sr-only">Move {name} up</span>
                  </button>
                  <button
                    type="button"
                    className="icon-btn icon-btn--small"
                    data-move="down"
                    disabled={index === tasks.length - 1}
                    onClick={() => move(task, index, 1)}
                  >
                    <IconArrowDown size={18} />
                    <span className="sr-only">Move {name} down</span>
                  </button>
                  <button
                    type="button"
                    className="icon-btn icon-btn--small icon-btn--danger"
                    onClick={() => remove(task, index)}
                  >
                    <IconTrash size={18} />
                    <span className="sr-only">Remove {name}</span>
                  </button>
                </span>
                {error && (
                  <p
                    id={`${inputId}-error`}
                    className="field__error tasks-editor__error"
                    role="alert"
                  >
                    {error}
                  </p>
                )}
              </li>
            );
          })}
        </ol>
      )}
      <div className="tasks-editor__add">
        <div className="field">
          <label htmlFor={`${id}-new`} className="field__label">
            New task
          </label>
          <input
            id={`${id}-new`}
            ref={newTaskRef}
            className="field__input"
            placeholder={tasks.length ? 'Another task' : 'e.g. Run 5k'}
            value={draft}
            maxLength={QUEST_TASK_TITLE_MAX}
            disabled={full}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={onNewTaskKey}
          />
        </div>
        <Button
          variant="secondary"
          icon={<IconPlus size={20} />}
          onClick={add}
          disabled={full || !draft.trim()}
        >
          Add task
        </Button>
      </div>
      {full && <p className="field__hint">That is the most a quest can hold.</p>}
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
    </fieldset>
  );
}
