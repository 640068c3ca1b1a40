/**
 * Targets of the quest tutorials, still to be built (quest-check-in: open quest, mark tasks
 * complete, check in daily; group-quests: quest settings, 'Allow others to join', participation
 * limit, share quest link). Elements carry `data-tutorial="<marker>"`; the tutorial system imports
 * the selectors from here instead of repeating strings.
 */
export const QUEST_TUTORIAL_MARKERS = {
  questCard: 'quest-card',
  questTasks: 'quest-tasks',
  checkInButton: 'check-in-button',
  questSettings: 'quest-settings',
  allowJoinToggle: 'allow-join-toggle',
  participationLimit: 'participation-limit',
  shareQuestLink: 'share-quest-link',
  joinButton: 'join-quest-button',
} as const;

export type QuestTutorialMarker =
  (typeof QUEST_TUTORIAL_MARKERS)[keyof typeof QUEST_TUTORIAL_MARKERS];

type Selectors = { [K in keyof typeof QUEST_TUTORIAL_MARKERS]: string };

/** `[data-tutorial="quest-card"]` and friends, ready for `document.querySelector`. */
export const QUEST_TUTORIAL_SELECTORS = Object.fromEntries(
  Object.entries(QUEST_TUTORIAL_MARKERS).map(([name, marker]) => [
    name,
    `[data-tutorial="${marker}"]`,
  ]),
) as Selectors;
