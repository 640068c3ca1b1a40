import { QUEST_TASKS_MAX } from '@doers/contract';
import { describe, expect, it } from 'vitest';
import {
  tasksFromQuest,
  tasksFromTitles,
  tasksReducer,
  type TaskDraft,
} from './tasks-editor-reducer';

const saved: TaskDraft[] = [
  { key: 'a', id: 'a', title: 'Stretch' },
  { key: 'b', id: 'b', title: 'Run 5k' },
  { key: 'c', id: 'c', title: 'Cool down' },
];

describe('tasksReducer', () => {
  it('adds a trimmed new task without an id, at the end', () => {
    const next = tasksReducer(saved, { type: 'add', key: 'n1', title: '  Drink water ' });
    expect(next).toHaveLength(4);
    expect(next[3]).toEqual({ key: 'n1', title: 'Drink water' });
    expect(next.slice(0, 3)).toEqual(saved);
  });

  it('ignores a blank task and a task beyond the maximum', () => {
    expect(tasksReducer(saved, { type: 'add', key: 'n', title: '   ' })).toBe(saved);
    const full = Array.from({ length: QUEST_TASKS_MAX }, (_, i) => ({
      key: `k${i}`,
      title: `T${i}`,
    }));
    expect(tasksReducer(full, { type: 'add', key: 'extra', title: 'One more' })).toBe(full);
  });

  it('renames in place and keeps the id (the history stays with the task)', () => {
    const next = tasksReducer(saved, { type: 'rename', key: 'b', title: 'Run 10k' });
    expect(next[1]).toEqual({ key: 'b', id: 'b', title: 'Run 10k' });
    expect(next[0]).toBe(saved[0]);
    // Typed text is kept as typed: trimming happens when the form is sent.
    expect(tasksReducer(saved, { type: 'rename', key: 'a', title: 'Stretch ' })[0]?.title).toBe(
      'Stretch ',
    );
  });

  it('moves up and down, keeping ids, and not past either end', () => {
    const down = tasksReducer(saved, { type: 'move', key: 'a', offset: 1 });
    expect(down.map((t) => t.id)).toEqual(['b', 'a', 'c']);
    const up = tasksReducer(saved, { type: 'move', key: 'c', offset: -1 });
    expect(up.map((t) => t.id)).toEqual(['a', 'c', 'b']);
    expect(tasksReducer(saved, { type: 'move', key: 'a', offset: -1 })).toBe(saved);
    expect(tasksReducer(saved, { type: 'move', key: 'c', offset: 1 })).toBe(saved);
    expect(tasksReducer(saved, { type: 'move', key: 'zzz', offset: 1 })).toBe(saved);
  });

  it('removes by key and leaves the others untouched', () => {
    const next = tasksReducer(saved, { type: 'remove', key: 'b' });
    expect(next).toEqual([saved[0], saved[2]]);
    expect(tasksReducer(saved, { type: 'remove', key: 'nope' })).toBe(saved);
  });

  it('does not mutate the previous state', () => {
    const copy = structuredClone(saved);
    tasksReducer(saved, { type: 'move', key: 'a', offset: 1 });
    tasksReducer(saved, { type: 'rename', key: 'a', title: 'x' });
    expect(saved).toEqual(copy);
  });
});

describe('tasksFromQuest / tasksFromTitles', () => {
  it('orders saved tasks by position and keys them by id', () => {
    const drafts = tasksFromQuest([
      { id: 'y', title: 'Second', position: 1 },
      { id: 'x', title: 'First', position: 0 },
    ]);
    expect(drafts).toEqual([
      { key: 'x', id: 'x', title: 'First' },
      { key: 'y', id: 'y', title: 'Second' },
    ]);
  });

  it('makes new tasks from titles, skipping blanks', () => {
    let n = 0;
    const drafts = tasksFromTitles(['Read 10 pages', ' ', ' Notes '], () => `k${++n}`);
    expect(drafts).toEqual([
      { key: 'k1', title: 'Read 10 pages' },
      { key: 'k2', title: 'Notes' },
    ]);
  });
});
