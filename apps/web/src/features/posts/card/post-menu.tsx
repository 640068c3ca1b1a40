import type { Post } from '@doers/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { IconFlag, IconLock, IconMore, IconTrash } from '../../../components/ui/icons';
import { preloadReportDialog, ReportDialog } from '../../safety';
import { useBlockAuthor, useDeletePost } from '../api/use-reactions';

/**
 * "…": Delete (my post), or Report and Block @author (someone else's), each behind a dialog.
 * A feed shows many cards and few dialogs: each dialog, with the requests it may send, is made
 * the first time it opens, and kept, so that closing it returns focus where it was.
 */
export function PostMenu({ post, onDeleted }: { post: Post; onDeleted?: () => void }) {
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [reporting, setReporting] = useState(false);
  const confirmMade = useOnceTrue(confirming);
  const reportMade = useOnceTrue(reporting);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const mine = post.viewer.isAuthor;
  const handle = `@${post.author.username}`;

  // A tap elsewhere or Escape closes the menu.
  useEffect(() => {
    if (!open) return;
    const away = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const escape = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('pointerdown', away);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', away);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);

  return (
    <div className="post-menu" ref={root}>
      <button
        type="button"
        className="post-menu__toggle"
        aria-label="More actions for this post"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => {
          // Report is one tap away now: its dialog's code comes while the menu is read.
          if (!mine && !open) preloadReportDialog();
          setOpen((was) => !was);
        }}
      >
        <IconMore size={22} />
      </button>
      {open && (
        <div id={menuId} className="post-menu__list">
          <button
            type="button"
            className="post-menu__item post-menu__item--danger"
            onClick={() => {
              setOpen(false);
              setConfirming(true);
            }}
          >
            {mine ? <IconTrash size={18} /> : <IconLock size={18} />}
            {mine ? 'Delete post' : `Block ${handle}`}
          </button>
          {!mine && (
            <button
              type="button"
              className="post-menu__item"
              onClick={() => {
                setOpen(false);
                setReporting(true);
              }}
            >
              <IconFlag size={18} />
              Report post
            </button>
          )}
        </div>
      )}
      {!mine && reportMade && (
        <ReportDialog
          open={reporting}
          onClose={() => setReporting(false)}
          targetType="post"
          targetId={post.id}
        />
      )}
      {confirmMade && (
        <PostMenuConfirm
          post={post}
          open={confirming}
          onClose={() => setConfirming(false)}
          onDeleted={onDeleted}
        />
      )}
    </div>
  );
}

/** True from the first time `value` is: state adjusted while rendering, as React allows. */
function useOnceTrue(value: boolean): boolean {
  const [seen, setSeen] = useState(value);
  if (value && !seen) setSeen(true);
  return seen || value;
}

/** Delete my post, or block its author: the question, and the request behind its answer. */
function PostMenuConfirm({
  post,
  open,
  onClose,
  onDeleted,
}: {
  post: Post;
  open: boolean;
  onClose(): void;
  onDeleted?: () => void;
}) {
  const remove = useDeletePost();
  const block = useBlockAuthor();
  const mine = post.viewer.isAuthor;
  const handle = `@${post.author.username}`;

  const confirm = () => {
    if (mine) {
      remove.remove(
        { post },
        {
          onSuccess: () => {
            onClose();
            onDeleted?.();
          },
        },
      );
    } else {
      block.block({ userId: post.author.id, name: handle }, { onSuccess: () => onClose() });
    }
  };

  return (
    <ConfirmDialog
      open={open}
      title={mine ? 'Delete this post?' : `Block ${handle}?`}
      confirmLabel={mine ? 'Delete post' : 'Block'}
      tone="danger"
      loading={remove.isPending || block.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      {mine
        ? 'Its voice note, photo or video, smiles, hums and comments go for good.'
        : `You will not see each other's posts, comments, quests or vibes, and you stop vibing with each other. You can unblock them in Settings.`}
    </ConfirmDialog>
  );
}
