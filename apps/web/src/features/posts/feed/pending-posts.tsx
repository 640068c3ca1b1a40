import { PendingVoiceList } from '../../../components/offline/pending-voice';

/** Posts shared offline, on top of the feed until the offline queue has sent them. */
export function PendingPosts() {
  return (
    <PendingVoiceList
      type="post"
      label="Posts waiting to be shared"
      details={(item) => (
        <p className="muted pending-voice__meta">
          {item.data.body?.['visibility'] === 'vibers' ? 'For your vibers' : 'Public'}
          {item.data.uploads.some((upload) => upload.field === 'attachmentMediaId') &&
            ' · with a photo or video'}
        </p>
      )}
    />
  );
}
