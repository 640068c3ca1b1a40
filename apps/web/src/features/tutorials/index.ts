/* The public face of the tutorials: the overlay (app-wide) and the Help route. */
export { TutorialOverlay } from './components/tutorial-overlay';
export { tutorialRoutes } from './routes';
