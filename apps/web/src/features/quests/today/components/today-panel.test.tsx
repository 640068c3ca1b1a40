// @vitest-environment happy-dom
import type { QuestViewerState } from '@doers/contract';
import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../testing/fake-api';
import { makeQuest, makeViewer } from '../../testing/quest-fixtures';
import { renderableTodayPanel } from '../../testing/today-panel-harness';

const TASKS = [
  { id: '0b6f0c1e-1111-4a8e-9d6e-000000000001', title: 'Warm up', position: 0 },
  { id: '0b6f0c1e-1111-4a8e-9d6e-000000000002', title: 'Run 3 km', position: 1 },
];

function renderPanel(viewer: Partial<QuestViewerState>, startedOn = '2026-11-20') {
  const quest = makeQuest('q1', { tasks: TASKS, startedOn, viewer: makeViewer(viewer) });
  render(renderableTodayPanel(quest).element);
}

const button = (name: string) => screen.queryByRole('button', { name });
const checkboxes = () => screen.getAllByRole('checkbox') as HTMLInputElement[];

beforeEach(() => {
  fakeApi(() => ({ status: 500 })); // nothing here should reach the server
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('TodayPanel offers what the viewer state says, and nothing else', () => {
  it('open: tasks to tick and Check in, no Undo', () => {
    renderPanel({});
    expect(button('Check in')).not.toBeNull();
    expect(button('Undo')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Share this check-in' })).toBeNull();
    expect(checkboxes().every((box) => !box.disabled)).toBe(true);
    expect(screen.getByText('0 of 2 tasks ticked')).toBeTruthy();
  });

  it('checked in: what was done, read-only, with Undo while the server allows it', () => {
    renderPanel({
      checkedInToday: true,
      canCheckInToday: false,
      canUndoToday: true,
      tasksDoneToday: [TASKS[1]!.id],
      currentStreak: 4,
    });
    expect(screen.getByText('Checked in today')).toBeTruthy();
    expect(screen.getByText('1 of 2 tasks done · 4-day streak')).toBeTruthy();
    expect(button('Check in')).toBeNull();
    expect(button('Undo')).not.toBeNull();
    // A post about it opens the composer with this quest chosen.
    expect(screen.getByRole('link', { name: 'Share this check-in' }).getAttribute('href')).toBe(
      '/post?questId=q1',
    );
    expect(checkboxes().map((box) => [box.checked, box.disabled])).toEqual([
      [false, true],
      [true, true],
    ]);
  });

  it('checked in, undo refused by the server: no Undo button', () => {
    renderPanel({ checkedInToday: true, canCheckInToday: false, canUndoToday: false });
    expect(screen.getByText('Checked in today')).toBeTruthy();
    expect(button('Undo')).toBeNull();
  });

  it('before the quest began for this viewer: no check-in, and the day it starts', () => {
    renderPanel(
      { today: '2026-11-22', yesterday: '2026-11-21', canCheckInToday: false },
      '2026-11-23',
    );
    expect(button('Check in')).toBeNull();
    expect(screen.getByText('This quest starts on November 23. Check in from then.')).toBeTruthy();
    expect(checkboxes().every((box) => box.disabled)).toBe(true);
  });

  it('offers yesterday only while the server does and it is not checked in', () => {
    renderPanel({ canCheckInYesterday: true });
    expect(button('Check in for yesterday')).not.toBeNull();
    cleanup();
    renderPanel({ canCheckInYesterday: true, checkedInYesterday: true });
    expect(button('Check in for yesterday')).toBeNull();
    cleanup();
    renderPanel({ canCheckInYesterday: false });
    expect(button('Check in for yesterday')).toBeNull();
  });

  it('never reads the phone’s calendar: a clock years away changes nothing', () => {
    vi.useFakeTimers({ now: new Date('2031-05-05T23:30:00Z'), toFake: ['Date'] });
    renderPanel({});
    expect(screen.getByText('November 23')).toBeTruthy();
    expect(button('Check in')).not.toBeNull();
  });
});
