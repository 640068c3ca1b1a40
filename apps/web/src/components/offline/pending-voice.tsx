import { useState, type ReactNode } from 'react';
import { offlineQueue, usePendingItems, type QueueItemType } from '../../lib/offline-queue';
import type { QueueItem } from '../../lib/offline-queue';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { IconClock } from '../ui/icons';
import { VoicePlayer } from '../voice/voice-player';
import './pending-voice.css';

/** A voice action made offline (a post, a comment, a message): the noun the texts use. */
const NOUN: Partial<Record<QueueItemType, string>> = {
  post: 'post',
  comment: 'comment',
  dm: 'message',
};

/**
 * The recordings waiting in the offline queue for one place (a post's comments, a thread),
 * each playable from this phone and discardable until it is sent.
 */
export function PendingVoiceList({
  type,
  subject,
  label,
  details,
}: {
  type: QueueItemType;
  /** Only the items about this (a post, a conversation); all of the type when left out. */
  subject?: string;
  label: string;
  details?: (item: QueueItem) => ReactNode;
}) {
  const items = usePendingItems(type).filter((item) => !subject || item.subject === subject);
  if (items.length === 0) return null;
  return (
    <ul className="pending-voice-list" aria-label={label}>
      {items.map((item) => (
        <li key={item.id}>
          <PendingVoice item={item}>{details?.(item)}</PendingVoice>
        </li>
      ))}
    </ul>
  );
}

function PendingVoice({ item, children }: { item: QueueItem; children?: ReactNode }) {
  const noun = NOUN[item.type] ?? 'action';
  const recording = item.data.uploads.find((upload) => upload.field === 'voiceMediaId');
  const url = objectUrl(recording?.blob ?? null);
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="card pending-voice">
      <p className="pending-voice__status">
        <IconClock size={18} /> Waiting to send your {noun}
        {item.retries > 0 && <span className="muted"> · tried {item.retries} time(s)</span>}
      </p>
      {url ? (
        <VoicePlayer src={url} label={`your ${noun}`} />
      ) : (
        <p className="muted">Your recording is uploaded; the {noun} follows.</p>
      )}
      {children}
      <Button variant="ghost" onClick={() => setConfirming(true)}>
        Discard
      </Button>
      <ConfirmDialog
        open={confirming}
        title={`Discard this ${noun}?`}
        confirmLabel="Discard"
        cancelLabel="Keep it"
        tone="danger"
        onConfirm={() => void offlineQueue.discard(item.id)}
        onClose={() => setConfirming(false)}
      >
        It has not been sent yet. Your recording will be lost.
      </ConfirmDialog>
    </div>
  );
}

/**
 * One object URL per recording for the page's life: a recording waits here for minutes to days
 * and is small (a minute of voice is about 100 KB), so the URL is not revoked with the render.
 */
const urls = new WeakMap<Blob, string>();
function objectUrl(blob: Blob | null): string | null {
  if (!blob) return null;
  let url = urls.get(blob);
  if (!url) {
    url = URL.createObjectURL(blob);
    urls.set(blob, url);
  }
  return url;
}
