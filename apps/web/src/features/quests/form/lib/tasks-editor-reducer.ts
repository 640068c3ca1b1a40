import { QUEST_TASKS_MAX, type QuestTask } from '@doers/contract';

/**
 * A task as the editor holds it. `key` is stable for the row's whole life (React key, focus
 * target); `id` is the server's id, present only for tasks that already exist, so that a rename
 * or a move keeps the task and its check-in history instead of replacing it.
 */
export interface TaskDraft {
  key: string;
  id?: string;
  title: string;
}

export type TasksAction =
  | { type: 'add'; key: string; title: string }
  | { type: 'rename'; key: string; title: string }
  | { type: 'move'; key: string; offset: -1 | 1 }
  | { type: 'remove'; key: string }
  | { type: 'replace'; tasks: TaskDraft[] };

/** No-op actions return the same array, so React skips the render. */
export function tasksReducer(tasks: TaskDraft[], action: TasksAction): TaskDraft[] {
  switch (action.type) {
    case 'add': {
      const title = action.title.trim();
      if (!title || tasks.length >= QUEST_TASKS_MAX) return tasks;
      return [...tasks, { key: action.key, title }];
    }
    case 'rename': {
      const index = tasks.findIndex((task) => task.key === action.key);
      if (index < 0) return tasks;
      return tasks.map((task, i) => (i === index ? { ...task, title: action.title } : task));
    }
    case 'move': {
      const from = tasks.findIndex((task) => task.key === action.key);
      const to = from + action.offset;
      if (from < 0 || to < 0 || to >= tasks.length) return tasks;
      const next = [...tasks];
      [next[from], next[to]] = [next[to]!, next[from]!];
      return next;
    }
    case 'remove': {
      const next = tasks.filter((task) => task.key !== action.key);
      return next.length === tasks.length ? tasks : next;
    }
    case 'replace':
      return action.tasks;
  }
}

/** A saved quest's tasks, in their order, keyed by their ids. */
export function tasksFromQuest(tasks: QuestTask[]): TaskDraft[] {
  return [...tasks]
    .sort((a, b) => a.position - b.position)
    .map((task) => ({ key: task.id, id: task.id, title: task.title }));
}

/** New tasks from plain titles (a template's suggestions). */
export function tasksFromTitles(titles: string[], makeKey: () => string): TaskDraft[] {
  return titles
    .map((title) => title.trim())
    .filter(Boolean)
    .slice(0, QUEST_TASKS_MAX)
    .map((title) => ({ key: makeKey(), title }));
}
