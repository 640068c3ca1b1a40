export { CreateQuestForm } from './components/create-quest-form';
export {
  QUEST_TUTORIAL_MARKERS,
  QUEST_TUTORIAL_SELECTORS,
  type QuestTutorialMarker,
} from './lib/tutorial-markers';
export { CreateQuestPage } from './routes/create-quest-page';
export { EditQuestPage } from './routes/edit-quest-page';
export { QuestDetailPage } from './routes/quest-detail-page';
export { QuestsPage } from './routes/quests-page';
export { SharedQuestPage } from './routes/shared-quest-page';
