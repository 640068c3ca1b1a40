/*
 * The public face of Web Push on the web (docs/product/push.md): the opt-in card that the
 * notification settings screen shows at its top. The browser's side lives in
 * lib/push-subscription.ts (sign-out uses it too); the worker in src/sw/.
 */
export { PushOptIn } from './components/push-opt-in';
