export * from './constants.js';
export * from './errors.js';
export * from './auth.js';
export * from './users.js';
export * from './onboarding.js';
export * from './social.js';
export * from './app.js';
export * from './username.js';
