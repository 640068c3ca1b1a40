/**
 * The screens of this feature, and the create form onboarding borrows, loaded on demand
 * (routes.ts, index.ts). Import this module only with `import()`: a static import puts them
 * back into the first-load bundle.
 */
export { QuestDetailPage } from './detail/routes/quest-detail-page';
export { CreateQuestForm } from './form/components/create-quest-form';
export { CreateQuestPage } from './form/routes/create-quest-page';
export { EditQuestPage } from './form/routes/edit-quest-page';
export { QuestsPage } from './list/routes/quests-page';
export { SharedQuestPage } from './sharing/routes/shared-quest-page';
