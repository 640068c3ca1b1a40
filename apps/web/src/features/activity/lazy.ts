/**
 * The screens of this feature, loaded on demand (routes.ts). Import this module only with
 * `import()`: a static import puts them back into the first-load bundle.
 */
export { ActivityPage } from './routes/activity-page';
