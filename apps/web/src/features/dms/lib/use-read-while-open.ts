import { useEffect, useRef } from 'react';

/**
 * Marks an open thread read: once when it opens, then whenever a message of theirs arrives while
 * it is on screen (the stream adds to `unread`), and when the tab comes back into view.
 */
export function useReadWhileOpen(
  conversationId: string,
  unread: number | undefined,
  markRead: () => void,
): void {
  const readOnce = useRef<string | null>(null);
  const markReadRef = useRef(markRead);
  useEffect(() => {
    markReadRef.current = markRead;
  }, [markRead]);

  useEffect(() => {
    if (unread === undefined || document.visibilityState !== 'visible') return;
    if (readOnce.current === conversationId && unread === 0) return;
    readOnce.current = conversationId;
    markReadRef.current();
  }, [conversationId, unread]);

  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible' && (unread ?? 0) > 0) markReadRef.current();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [unread]);
}
