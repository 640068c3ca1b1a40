/** A voice note's audio as it is stored (AAC in MP4, media/voice.ts). */
export type Audio = { bytes: Buffer; contentType: string; filename: string };

/**
 * The engine refused this note for good (a 4xx answer: a bad file, a wrong model or key): trying
 * again would get the same answer, so the note stays without a transcript.
 */
export class TranscriptionRefused extends Error {}

/**
 * What Doers asks of a speech-to-text engine (an OpenAI-compatible server: openai-transcriber.ts).
 * Any other failure (a 5xx, the network, the timeout) is thrown as is and tried again later.
 */
export interface Transcriber {
  transcribe(audio: Audio): Promise<string>;
}
