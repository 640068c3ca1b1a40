import type { QuestTask } from '@doers/contract';
import { useId } from 'react';
import { IconCheck } from '../../../../components/ui/icons';
import './task-checklist.css';

interface TaskChecklistProps {
  tasks: QuestTask[];
  ticked: string[];
  onToggle?(taskId: string): void;
  /** After the check-in the list shows what was done, read-only. */
  readOnly?: boolean;
  label: string;
  tutorialMarker?: string;
}

export function TaskChecklist({
  tasks,
  ticked,
  onToggle,
  readOnly = false,
  label,
  tutorialMarker,
}: TaskChecklistProps) {
  const id = useId();
  const ordered = [...tasks].sort((a, b) => a.position - b.position);
  return (
    <fieldset className="checklist" data-tutorial={tutorialMarker}>
      <legend className="sr-only">{label}</legend>
      <ul className="checklist__list">
        {ordered.map((task) => {
          const checked = ticked.includes(task.id);
          const inputId = `${id}-${task.id}`;
          return (
            <li key={task.id} className={`checklist__item${checked ? ' is-checked' : ''}`}>
              <input
                id={inputId}
                type="checkbox"
                className="checklist__input"
                checked={checked}
                disabled={readOnly}
                onChange={() => onToggle?.(task.id)}
              />
              <label htmlFor={inputId} className="checklist__label">
                <span className="checklist__box" aria-hidden="true">
                  <IconCheck size={16} />
                </span>
                <span className="checklist__text">{task.title}</span>
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
