import { pinDateLocale } from './lib/dates';

// Dates follow the browser's language (lib/dates.ts); the tests pin one so their expectations
// hold on any machine.
pinDateLocale('en-US');
