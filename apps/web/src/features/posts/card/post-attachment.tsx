import type { Media } from '@doers/contract';
import { useEffect, useRef, useState } from 'react';
import { IconX } from '../../../components/ui/icons';

/** The post's photo (thumbnail; tap for the full photo) or video (poster, controls, inline). */
export function PostAttachment({ media, authorName }: { media: Media; authorName: string }) {
  const [open, setOpen] = useState(false);
  const ratio = media.width && media.height ? `${media.width} / ${media.height}` : undefined;
  if (media.kind === 'video') {
    return (
      <video
        className="post-card__media"
        src={media.url}
        poster={media.posterUrl ?? undefined}
        controls
        playsInline
        preload="none"
        style={{ aspectRatio: ratio }}
        aria-label={`Video by ${authorName}`}
      />
    );
  }
  if (media.kind !== 'photo') return null;
  return (
    <>
      <button
        type="button"
        className="post-card__photo-button"
        onClick={() => setOpen(true)}
        aria-label={`Photo by ${authorName}, open full size`}
      >
        <img
          className="post-card__media"
          src={media.thumbnailUrl ?? media.url}
          alt=""
          loading="lazy"
          width={media.width ?? undefined}
          height={media.height ?? undefined}
          style={{ aspectRatio: ratio }}
        />
      </button>
      {open && (
        <PhotoViewer
          src={media.url}
          label={`Photo by ${authorName}`}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}

/** The full photo over everything; Escape, the close button or a tap on the backdrop closes it. */
function PhotoViewer({ src, label, onClose }: { src: string; label: string; onClose(): void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  return (
    <dialog
      ref={ref}
      className="photo-viewer"
      aria-label={label}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => event.target === event.currentTarget && onClose()}
    >
      <img src={src} alt={label} className="photo-viewer__img" />
      <button
        type="button"
        className="photo-viewer__close"
        onClick={onClose}
        aria-label="Close photo"
      >
        <IconX size={22} />
      </button>
    </dialog>
  );
}
