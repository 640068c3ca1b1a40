/**
 * The Help screen, loaded on demand (routes.ts). Import this module only with `import()`: a
 * static import puts it back into the first-load bundle.
 */
export { HelpPage } from './routes/help-page';
