// The public face of the progress context: what other contexts may use of it.
export { type ParticipantsService } from './quests/participants.service.js';
export { type QuestAccess } from './quests/quest-access.js';
export { type QuestLimit } from './quests/quest-limit.js';
export { present, type QuestViews } from './quests/quest-views.js';
export { questVisibleTo, vibeMutually } from './quests/quest-visibility.js';
export { type ParticipantRow, type QuestRow } from './quests/quests.repository.js';
export { type QuestsService } from './quests/quests.service.js';
export { participantFigures } from './streaks/streak-recorder.js';
export { type StatsRow } from './stats/stats.repository.js';
export { type StatsService } from './stats/stats.service.js';
export { type StreaksService } from './streaks/streaks.service.js';
export { findCheckIn } from './streaks/day-options.js';
export { checkInWindow, type LocalNow } from './streaks/streak-calculator.js';
