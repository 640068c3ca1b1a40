/**
 * The Web Speech API's recogniser, only where it runs on the device (Chrome's `processLocally`):
 * a voice never goes to a cloud recogniser without the speaker knowing. lib.dom has no types for
 * it yet; these are the parts used.
 */
export interface Recogniser extends EventTarget {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  processLocally: boolean;
  start(): void;
  stop(): void;
  abort(): void;
}

interface RecogniserClass {
  new (): Recogniser;
  available?: (options: { langs: string[]; processLocally: boolean }) => Promise<string>;
}

/** What a `result` event carries (SpeechRecognitionEvent). */
export interface RecogniserResultEvent extends Event {
  results: ArrayLike<{ isFinal: boolean; 0?: { transcript: string } }>;
}

let checked: Promise<RecogniserClass | null> | undefined;

/**
 * The recogniser class when this browser can recognise `lang` on the device now; null otherwise
 * (no API, no on-device check, a language pack not installed): then nothing shows.
 */
export function onDeviceRecogniser(lang: string): Promise<RecogniserClass | null> {
  checked ??= (async () => {
    const scope = globalThis as {
      SpeechRecognition?: RecogniserClass;
      webkitSpeechRecognition?: RecogniserClass;
    };
    const Class = scope.SpeechRecognition ?? scope.webkitSpeechRecognition;
    if (typeof Class?.available !== 'function') return null;
    try {
      const status = await Class.available({ langs: [lang], processLocally: true });
      return status === 'available' ? Class : null;
    } catch {
      return null;
    }
  })();
  return checked;
}
