import { dmsApi, type DmMessage, type Media } from '@doers/contract';
import { queuedEndpoint, queuedFile, type QueueRequest } from '../../../lib/offline-queue';
import { randomId } from '../../../lib/random-id';

/** How a recording reaches the server: its upload, then the message that uses it. */
export interface DmTransport {
  upload(blob: Blob, onProgress: (share: number) => void): Promise<Media>;
  send(
    conversationId: string,
    voiceMediaId: string,
    idempotencyKey: string,
    transcript?: string,
  ): Promise<DmMessage>;
}

/**
 * Sends recordings so that a bad connection never loses one nor sends it twice: each recording
 * keeps its finished upload and one Idempotency-Key across attempts, so "Try again" after a
 * failure uploads only what had not arrived, and a send whose answer was lost is answered from
 * the server's record instead of becoming a second message. A new recording starts afresh.
 * `queued` describes the same attempt for the offline queue (the upload, if it arrived, and
 * the key), so a message handed to the queue mid-way is still sent once.
 */
export function createDmSender(transport: DmTransport, newKey: () => string = randomId) {
  let attempt: { blob: Blob; media: Media | null; key: string } | null = null;
  const attemptFor = (blob: Blob) => {
    if (attempt?.blob !== blob) attempt = { blob, media: null, key: newKey() };
    return attempt;
  };
  return {
    async send(
      conversationId: string,
      blob: Blob,
      onProgress: (share: number) => void = () => {},
      transcript?: string,
    ): Promise<DmMessage> {
      const current = attemptFor(blob);
      current.media ??= await transport.upload(blob, onProgress);
      onProgress(1);
      const message = await transport.send(
        conversationId,
        current.media.id,
        current.key,
        transcript,
      );
      if (attempt === current) attempt = null;
      return message;
    },
    queued(conversationId: string, blob: Blob, transcript?: string): QueueRequest {
      const current = attemptFor(blob);
      if (attempt === current) attempt = null; // the queue has it now
      return {
        type: 'dm',
        ...queuedEndpoint(dmsApi.send, { id: conversationId }),
        body: transcript ? { transcript } : null,
        uploads: [queuedFile('voiceMediaId', 'dm', blob, current.media)],
        idempotencyKey: current.key,
        subject: conversationId,
      };
    },
  };
}
