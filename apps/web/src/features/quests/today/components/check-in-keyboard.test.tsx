// @vitest-environment happy-dom
import type { CheckInResponse, Quest } from '@doers/contract';
import { cleanup, render, screen, waitFor } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, fakeApi, type FakeAnswer, type SentRequest } from '../../testing/fake-api';
import { makeQuest, makeViewer } from '../../testing/quest-fixtures';
import { renderableTodayPanel } from '../../testing/today-panel-harness';

const WARM_UP = '0b6f0c1e-1111-4a8e-9d6e-000000000001';
const RUN = '0b6f0c1e-1111-4a8e-9d6e-000000000002';
const open = makeQuest('q1', {
  tasks: [
    { id: WARM_UP, title: 'Warm up', position: 0 },
    { id: RUN, title: 'Run 3 km', position: 1 },
  ],
});
const checkedIn = (taskIds: string[]): Quest => ({
  ...open,
  viewer: makeViewer({
    checkedInToday: true,
    canCheckInToday: false,
    canUndoToday: true,
    tasksDoneToday: taskIds,
    currentStreak: 1,
    totalCheckIns: 1,
  }),
});

/** The server's side of a check-in and its undo. */
function server(request: SentRequest): FakeAnswer {
  if (request.method === 'POST' && request.path === '/quests/q1/check-ins') {
    const { taskIds } = request.body as { taskIds: string[] };
    const body: CheckInResponse = {
      checkIn: {
        id: 'c1',
        questId: 'q1',
        userId: 'u1',
        day: '2026-11-23',
        taskIds,
        late: false,
        createdAt: '2026-11-23T08:00:00Z',
      },
      quest: checkedIn(taskIds),
      milestone: null,
    };
    return { status: 201, body };
  }
  if (request.method === 'DELETE' && request.path === '/quests/q1/check-ins/today') {
    return { status: 200, body: open };
  }
  return { status: 404, body: { message: 'Not found' } };
}

const focused = () => document.activeElement;
const byRole = (role: 'button' | 'checkbox', name: string) => screen.getByRole(role, { name });

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('checking in by keyboard', () => {
  it('Space ticks, Enter checks in, focus goes to Undo and back to Check in', async () => {
    const sent = fakeApi(server);
    const user = userEvent.setup();
    render(renderableTodayPanel(open).element);

    await user.tab();
    expect(focused()).toBe(byRole('checkbox', 'Warm up'));
    await user.keyboard(' ');
    expect(screen.getByText('1 of 2 tasks ticked')).toBeTruthy();
    await user.tab();
    expect(focused()).toBe(byRole('checkbox', 'Run 3 km'));
    await user.keyboard(' ');
    await user.tab();
    expect(focused()).toBe(byRole('button', 'Check in'));
    await user.keyboard('{Enter}');

    await waitFor(() => expect(screen.getByText('Checked in today')).toBeTruthy());
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      method: 'POST',
      path: '/quests/q1/check-ins',
      body: { day: 'today', forDay: '2026-11-23', taskIds: [WARM_UP, RUN] },
    });
    expect(sent[0]?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    // The pressed button is gone: focus moved to its opposite, not to the page.
    await waitFor(() => expect(focused()).toBe(byRole('button', 'Undo')));

    await user.keyboard('{Enter}');
    await waitFor(() => expect(focused()).toBe(byRole('button', 'Check in')));
    expect(sent[1]).toMatchObject({ method: 'DELETE', path: '/quests/q1/check-ins/today' });
    // Undone, the ticks come back, ready for a corrected check-in.
    expect(screen.getByText('2 of 2 tasks ticked')).toBeTruthy();
  });

  it('Space on a checkbox never checks in; Enter twice sends one check-in', async () => {
    const answer = deferred<FakeAnswer>();
    const sent = fakeApi((request) => answer.promise.then(() => server(request)));
    const user = userEvent.setup();
    render(renderableTodayPanel(open).element);

    await user.tab();
    await user.keyboard(' ');
    await user.keyboard('{Enter}');
    expect(sent).toHaveLength(0);

    byRole('button', 'Check in').focus();
    await user.keyboard('{Enter}{Enter}');
    answer.resolve({ status: 201 });
    await waitFor(() => expect(screen.getByText('Checked in today')).toBeTruthy());
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({ day: 'today', forDay: '2026-11-23', taskIds: [WARM_UP] });
  });

  it('a refused check-in keeps focus on Check in and the ticks as they were', async () => {
    const sent = fakeApi(() => ({
      status: 409,
      body: { message: 'You already checked in today', statusCode: 409 },
    }));
    const user = userEvent.setup();
    render(renderableTodayPanel(open).element);
    await user.tab();
    await user.keyboard(' ');
    byRole('button', 'Check in').focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(sent.length).toBeGreaterThan(0));
    await waitFor(() => expect(byRole('button', 'Check in').hasAttribute('disabled')).toBe(false));
    expect(byRole('checkbox', 'Warm up')).toHaveProperty('checked', true);
  });
});
