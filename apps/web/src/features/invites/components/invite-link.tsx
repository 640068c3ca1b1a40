import { useId, useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { IconCopy, IconShare } from '../../../components/ui/icons';
import { canShare, copyText } from '../../../lib/clipboard';
import { toast } from '../../../lib/toast-store';
import '../../../components/ui/field.css';

/** My referral code and invite link, each with Copy; Share where the device has a share sheet. */
export function InviteLink({ url, code }: { url: string; code: string }) {
  const id = useId();
  const linkInput = useRef<HTMLInputElement>(null);
  const codeInput = useRef<HTMLInputElement>(null);

  async function copy(text: string, input: HTMLInputElement | null, what: string) {
    if (await copyText(text, input)) toast.success(`${what} copied`);
    else
      toast.info(
        `The ${what.toLowerCase()} is selected: copy it with your keyboard or long-press.`,
      );
  }

  async function share() {
    try {
      await navigator.share({
        title: 'Join me on Doers',
        text: `Join me on Doers, social media for doers. My referral code: ${code}`,
        url,
      });
    } catch (error) {
      // Closing the share sheet is a choice, not a failure.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      void copy(url, linkInput.current, 'Link');
    }
  }

  return (
    <div className="invite-link">
      <div className="field">
        <label className="field__label" htmlFor={`${id}-code`}>
          Your referral code
        </label>
        <div className="invite-link__row">
          <input
            ref={codeInput}
            id={`${id}-code`}
            className="field__input invite-link__code"
            value={code}
            readOnly
          />
          <Button
            variant="secondary"
            icon={<IconCopy size={18} />}
            onClick={() => void copy(code, codeInput.current, 'Code')}
          >
            Copy code
          </Button>
        </div>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-link`}>
          Your invite link
        </label>
        <div className="invite-link__row">
          <input ref={linkInput} id={`${id}-link`} className="field__input" value={url} readOnly />
          <Button
            variant="secondary"
            icon={<IconCopy size={18} />}
            onClick={() => void copy(url, linkInput.current, 'Link')}
          >
            Copy link
          </Button>
        </div>
      </div>
      {canShare() && (
        <Button icon={<IconShare size={18} />} block onClick={() => void share()}>
          Share invite
        </Button>
      )}
    </div>
  );
}
