import type { Post, VibeReasonChoice } from '@doers/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { VibeReasonPicker } from '../../../components/ui/vibe-reason-picker';
import { useVibeFromPost } from '../api/use-reactions';

/**
 * The reason picker behind a card's Vibe button: one of the six reasons, then Send. The vibe goes
 * to the author and names this post; the count on the card rises at once.
 */
export function VibeSheet({ post, onClose }: { post: Post; onClose(): void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const vibe = useVibeFromPost();
  const [reason, setReason] = useState<VibeReasonChoice | null>(null);
  const id = useId();
  const name = post.author.displayName || `@${post.author.username}`;

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  const send = () => {
    if (!reason) return;
    vibe.send({ post, reason });
    onClose();
  };

  return (
    <dialog
      ref={ref}
      className="dialog vibe-sheet"
      aria-labelledby={`${id}-title`}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => event.target === event.currentTarget && onClose()}
    >
      <form
        className="dialog__panel"
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
      >
        <h2 id={`${id}-title`} className="dialog__title">
          Send {name} a vibe
        </h2>
        <VibeReasonPicker legend="Why?" value={reason} onChange={setReason} />
        <div className="dialog__actions">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={!reason}>
            Send vibe
          </Button>
        </div>
      </form>
    </dialog>
  );
}
