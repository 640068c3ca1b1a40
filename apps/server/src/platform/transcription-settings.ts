import { z } from 'zod';

const optional = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

/** The environment variables of the transcription port (part of config.ts's schema). */
export const transcriptionEnv = {
  /** An OpenAI-compatible speech-to-text server (docs/product/transcripts.md); unset: none. */
  TRANSCRIBE_URL: optional.refine((v) => !v || /^https?:\/\/[^?#]+$/.test(v), {
    message:
      'must be a base URL like http://127.0.0.1:8080 (the server adds /v1/audio/transcriptions)',
  }),
  TRANSCRIBE_API_KEY: optional,
  TRANSCRIBE_MODEL: optional,
  /** How long one try may take before it is given up and tried again later. */
  TRANSCRIBE_TIMEOUT_MS: z.coerce.number().int().min(1).default(60_000),
};

type TranscriptionEnv = z.output<z.ZodObject<typeof transcriptionEnv>>;

/** The engine voice notes go to when the device sent no words; null without TRANSCRIBE_URL. */
export type TranscriptionSettings = {
  /** The base URL, without a trailing slash. */
  url: string;
  /** Sent as `Authorization: Bearer …` when set; never logged. */
  apiKey: string | undefined;
  model: string;
  timeoutMs: number;
} | null;

export function transcriptionSettings(e: TranscriptionEnv): TranscriptionSettings {
  if (!e.TRANSCRIBE_URL) return null;
  return {
    url: e.TRANSCRIBE_URL.replace(/\/+$/, ''),
    apiKey: e.TRANSCRIBE_API_KEY,
    model: e.TRANSCRIBE_MODEL ?? 'whisper-1',
    timeoutMs: e.TRANSCRIBE_TIMEOUT_MS,
  };
}
