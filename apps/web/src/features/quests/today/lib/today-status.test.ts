import { describe, expect, it } from 'vitest';
import { closedText, todayStatus } from './today-status';

const viewer = { today: '2026-11-23', checkedInToday: false, canCheckInToday: true };

describe('todayStatus', () => {
  it('follows the server’s flags, whatever the phone’s date', () => {
    expect(todayStatus({ startedOn: '2026-11-20' }, viewer)).toBe('open');
    expect(todayStatus({ startedOn: '2026-11-20' }, { ...viewer, checkedInToday: true })).toBe(
      'done',
    );
  });

  it('tells a quest that has not begun for the viewer from one closed for another reason', () => {
    const closed = { ...viewer, today: '2026-11-22', canCheckInToday: false };
    expect(todayStatus({ startedOn: '2026-11-23' }, closed)).toBe('not-started');
    expect(todayStatus({ startedOn: '2026-11-20' }, closed)).toBe('closed');
  });
});

describe('closedText', () => {
  it('names the first day of a quest that has not begun', () => {
    expect(closedText('not-started', '2026-11-23')).toBe(
      'This quest starts on November 23. Check in from then.',
    );
  });
});
