/*
 * The realtime stream (docs/product/realtime.md): the app shell keeps one open while signed in.
 * It meets the other features only through their public cache updates.
 */
export { useRealtimeStream } from './use-realtime-stream';
