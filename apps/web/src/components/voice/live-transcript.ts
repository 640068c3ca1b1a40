/**
 * The words of a note as the device's recogniser hears them, built from its events alone (no
 * browser here, so it is tested with recorded sequences). A recogniser session reports every
 * result it has so far on each `result`; Chrome ends a session after a silence and the recorder
 * starts another, so the finals of ended sessions are kept apart from the current one's.
 */

/** One result of a session: its best alternative. */
export interface HeardResult {
  isFinal: boolean;
  transcript: string;
}

export type RecognitionEvent =
  | { type: 'result'; results: readonly HeardResult[] }
  | { type: 'error'; error: string }
  | { type: 'end' };

export interface LiveTranscript {
  /** Words of the sessions that ended. */
  done: string;
  /** The current session's results. */
  session: readonly HeardResult[];
  /** The recogniser refused or broke: no more sessions (the words so far stay). */
  failed: boolean;
}

export const EMPTY_LIVE_TRANSCRIPT: LiveTranscript = { done: '', session: [], failed: false };

/** Errors that say only that nothing was heard or that we stopped it: the next session goes on. */
const HARMLESS_ERRORS = new Set(['no-speech', 'aborted']);

export function nextLiveTranscript(state: LiveTranscript, event: RecognitionEvent): LiveTranscript {
  switch (event.type) {
    case 'result':
      return { ...state, session: event.results };
    case 'error':
      return HARMLESS_ERRORS.has(event.error) ? state : { ...state, failed: true };
    case 'end':
      // A word still interim when the session ended was heard all the same: it stays.
      return {
        ...state,
        done: join([state.done, ...state.session.map((result) => result.transcript)]),
        session: [],
      };
  }
}

/** The text so far: ended sessions, then this session's finals and the interim words forming. */
export function liveTranscriptText(state: LiveTranscript): string {
  return join([state.done, ...state.session.map((result) => result.transcript)]);
}

function join(parts: readonly string[]): string {
  return parts
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');
}
