import { z } from 'zod';
import type { TranscriptionSettings } from '../../../platform/transcription-settings.js';
import { TranscriptionRefused, type Audio, type Transcriber } from './transcriber.js';

const answer = z.object({ text: z.string() });

/** Answers worth trying again later: the engine is busy or timed out, not refusing the note. */
const TRANSIENT = new Set([408, 409, 425, 429]);

/**
 * The OpenAI speech-to-text protocol (`POST {base}/v1/audio/transcriptions`, multipart `file` and
 * `model`), which OpenAI, whisper.cpp's server, faster-whisper servers and LocalAI all speak
 * (docs/product/transcripts.md). Node's fetch, FormData and Blob: no client library needed.
 */
export class OpenAiTranscriber implements Transcriber {
  constructor(private readonly settings: NonNullable<TranscriptionSettings>) {}

  async transcribe(audio: Audio): Promise<string> {
    const form = new FormData();
    form.append('file', new Blob([audio.bytes], { type: audio.contentType }), audio.filename);
    form.append('model', this.settings.model);
    form.append('response_format', 'json');
    const res = await fetch(`${this.settings.url}/v1/audio/transcriptions`, {
      method: 'POST',
      headers: this.settings.apiKey ? { authorization: `Bearer ${this.settings.apiKey}` } : {},
      body: form,
      signal: AbortSignal.timeout(this.settings.timeoutMs),
    });
    if (!res.ok) {
      // The engine's own words, short: they say what it disliked (never our key).
      const said = (await res.text().catch(() => '')).slice(0, 200);
      const message = `The transcription engine answered ${res.status}: ${said}`;
      if (res.status < 500 && !TRANSIENT.has(res.status)) throw new TranscriptionRefused(message);
      throw new Error(message);
    }
    const parsed = answer.safeParse(await res.json().catch(() => null));
    if (!parsed.success) throw new Error('The transcription engine answered without a text');
    return parsed.data.text;
  }
}
