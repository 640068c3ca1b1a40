import type { SharedQuest } from '@doers/contract';
import { describe, expect, it } from 'vitest';
import { joinState } from './join-state';

const base = {
  quest: {
    status: 'active',
    allowOthersToJoin: true,
    requiresApproval: false,
    participantLimit: null,
    participantCount: 1,
  },
  participants: [],
  viewer: null,
  signedIn: true,
} as unknown as SharedQuest;

const viewer = (fields: Record<string, unknown>) => ({
  role: null,
  requestStatus: null,
  ...fields,
});
const make = (quest: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) =>
  ({ ...base, ...extra, quest: { ...base.quest, ...quest } }) as SharedQuest;

describe('joinState', () => {
  it('invites a signed-out visitor to join Doers first', () => {
    expect(joinState(make({}, { signedIn: false }))).toBe('sign-up');
  });

  it('opens the quest for its owner and members', () => {
    expect(joinState(make({}, { viewer: viewer({ role: 'owner' }) }))).toBe('open');
    expect(
      joinState(
        make({ participantCount: 5, participantLimit: 5 }, { viewer: viewer({ role: 'member' }) }),
      ),
    ).toBe('open');
  });

  it('offers Join, or Request to join when approval is needed', () => {
    expect(joinState(make())).toBe('join');
    expect(joinState(make({ requiresApproval: true }))).toBe('request');
  });

  it('shows a sent request as pending, even once the quest fills up', () => {
    expect(
      joinState(make({ requiresApproval: true }, { viewer: viewer({ requestStatus: 'pending' }) })),
    ).toBe('pending');
    expect(
      joinState(
        make(
          { participantLimit: 2, participantCount: 2 },
          { viewer: viewer({ requestStatus: 'pending' }) },
        ),
      ),
    ).toBe('pending');
  });

  it('says when a quest is full, closed or over', () => {
    expect(joinState(make({ participantLimit: 3, participantCount: 3 }))).toBe('full');
    expect(joinState(make({ participantLimit: 3, participantCount: 2 }))).toBe('join');
    expect(joinState(make({ allowOthersToJoin: false }))).toBe('closed');
    expect(joinState(make({ status: 'completed' }))).toBe('ended');
  });

  it('remembers a declined request', () => {
    expect(
      joinState(
        make({ requiresApproval: true }, { viewer: viewer({ requestStatus: 'declined' }) }),
      ),
    ).toBe('declined');
  });
});
