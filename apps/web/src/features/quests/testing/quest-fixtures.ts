import type { Quest, QuestViewerState } from '@doers/contract';

/** Test data only: a quest as the API sends it, owned by the viewer, with today open. */
export function makeViewer(extra: Partial<QuestViewerState> = {}): QuestViewerState {
  return {
    role: 'owner',
    requestStatus: null,
    today: '2026-11-23',
    yesterday: '2026-11-22',
    checkedInToday: false,
    tasksDoneToday: [],
    checkedInYesterday: false,
    canCheckInToday: true,
    canCheckInYesterday: false,
    canUndoToday: false,
    currentStreak: 0,
    longestStreak: 0,
    totalCheckIns: 0,
    ...extra,
  };
}

export function makeQuest(id: string, extra: Partial<Quest> = {}): Quest {
  return {
    id,
    owner: {
      id: 'u1',
      username: 'maya',
      displayName: 'Maya',
      profilePictureUrl: null,
      isFounder: false,
    },
    title: `Quest ${id}`,
    description: '',
    category: 'health',
    emoji: '🎯',
    tasks: [],
    targetDays: null,
    endDate: null,
    visibility: 'public',
    allowOthersToJoin: false,
    participantLimit: null,
    requiresApproval: false,
    status: 'active',
    startedOn: '2026-11-20',
    participantCount: 1,
    createdAt: '2026-11-20T08:00:00Z',
    updatedAt: '2026-11-20T08:00:00Z',
    completedAt: null,
    abandonedAt: null,
    viewer: makeViewer(),
    ...extra,
  };
}
