import { useEffect, useRef, useState } from 'react';
import {
  EMPTY_LIVE_TRANSCRIPT,
  liveTranscriptText,
  nextLiveTranscript,
  type LiveTranscript,
  type RecognitionEvent,
} from './live-transcript';
import { onDeviceRecogniser, type RecogniserResultEvent } from './on-device-recognition';
import type { RecorderPhase } from './use-voice-recorder';

/**
 * The words of the note being recorded, heard on the device while `phase` is 'recording' (a new
 * recording starts afresh), then the speaker's corrections in the preview. `available` is false
 * where the browser cannot recognise on the device: then the recorder shows nothing of it.
 */
export function useLiveTranscript(phase: RecorderPhase) {
  const [available, setAvailable] = useState(false);
  const [heard, setHeard] = useState<LiveTranscript>(EMPTY_LIVE_TRANSCRIPT);
  const [edited, setEdited] = useState<string | null>(null);
  const failed = useRef(false);
  const listening = phase === 'recording';

  // A new recording starts afresh (set while rendering, as React advises for derived resets).
  const [lastPhase, setLastPhase] = useState(phase);
  if (phase !== lastPhase) {
    setLastPhase(phase);
    if (phase === 'starting') {
      setHeard(EMPTY_LIVE_TRANSCRIPT);
      setEdited(null);
    }
  }

  useEffect(() => {
    if (!listening) return;
    failed.current = false;
    const lang = document.documentElement.lang || navigator.language || 'en';
    let stopped = false;
    let current: { stop(): void; abort(): void } | null = null;
    const apply = (event: RecognitionEvent) =>
      setHeard((state) => {
        const next = nextLiveTranscript(state, event);
        failed.current = next.failed;
        return next;
      });

    void onDeviceRecogniser(lang).then((Class) => {
      if (!Class || stopped) return;
      setAvailable(true);
      // Chrome ends a session after a silence: a new one listens on while the recording runs.
      const session = () => {
        const recogniser = new Class();
        recogniser.lang = lang;
        recogniser.continuous = true;
        recogniser.interimResults = true;
        recogniser.processLocally = true;
        recogniser.addEventListener('result', (event) => {
          const { results } = event as RecogniserResultEvent;
          apply({
            type: 'result',
            results: Array.from(results, (result) => ({
              isFinal: result.isFinal,
              transcript: result[0]?.transcript ?? '',
            })),
          });
        });
        recogniser.addEventListener('error', (event) =>
          apply({ type: 'error', error: (event as Event & { error: string }).error }),
        );
        recogniser.addEventListener('end', () => {
          apply({ type: 'end' });
          if (!stopped && !failed.current) session();
        });
        try {
          recogniser.start();
          current = recogniser;
        } catch {
          failed.current = true;
        }
      };
      session();
    });
    return () => {
      stopped = true;
      // Stop, not abort: the words being said as the recording stops still arrive.
      current?.stop();
    };
  }, [listening]);

  const text = liveTranscriptText(heard);
  return {
    available,
    /** What shows and what is sent: the speaker's words once they typed, else what was heard. */
    text: edited ?? text,
    edit: setEdited,
  };
}
