/**
 * Copies text. The async Clipboard API needs a secure context and permission; older browsers
 * and plain-http LAN testing fall back to selecting `fallbackInput` and the legacy command.
 * False means nothing was copied: the text is then left selected for the person to copy.
 */
export async function copyText(
  text: string,
  fallbackInput?: HTMLInputElement | null,
): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // denied or unavailable: try the fallback
  }
  if (!fallbackInput) return false;
  fallbackInput.focus();
  fallbackInput.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  }
}

export function canShare(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.share === 'function';
}
