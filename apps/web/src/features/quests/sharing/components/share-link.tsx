import type { Quest } from '@doers/contract';
import { useId, useRef } from 'react';
import { Button } from '../../../../components/ui/button';
import { IconCopy, IconShare } from '../../../../components/ui/icons';
import { canShare, copyText } from '../../../../lib/clipboard';
import { toast } from '../../../../lib/toast-store';
import { QUEST_TUTORIAL_MARKERS } from '../../common/lib/tutorial-markers';
import '../../../../components/ui/field.css';
import './share-link.css';

export function sharedQuestUrl(questId: string): string {
  return `${window.location.origin}/shared-quests/${questId}`;
}

/** The share link of a quest, with Copy and (where the device has it) the system share sheet. */
export function ShareLink({
  quest,
}: {
  quest: Pick<Quest, 'id' | 'title' | 'emoji' | 'visibility' | 'allowOthersToJoin'>;
}) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const url = sharedQuestUrl(quest.id);

  async function copy() {
    if (await copyText(url, inputRef.current)) toast.success('Link copied');
    else toast.info('The link is selected: copy it with your keyboard or long-press.');
  }

  async function share() {
    try {
      await navigator.share({ title: `${quest.emoji} ${quest.title} on Doers`, url });
    } catch (error) {
      // Closing the share sheet is a choice, not a failure.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      void copy();
    }
  }

  if (quest.visibility === 'private') {
    return (
      <section className="card share" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} className="card__title">
          Share this quest
        </h2>
        <p className="muted">
          Private quests have no share link. Make it Public or Vibers in Edit to share it.
        </p>
      </section>
    );
  }

  return (
    <section className="card share" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="card__title">
        Share this quest
      </h2>
      <p className="muted share__text">
        {quest.visibility === 'public'
          ? 'Anyone with the link can see it, even without an account.'
          : 'People you vibe with who vibe with you back can open it.'}{' '}
        {quest.allowOthersToJoin
          ? 'They can join from there.'
          : 'Turn on "Allow others to join" in Edit to take people along.'}
      </p>
      <div className="share__row" data-tutorial={QUEST_TUTORIAL_MARKERS.shareQuestLink}>
        <label htmlFor={`${id}-url`} className="field__label">
          Quest link
        </label>
        <input
          id={`${id}-url`}
          ref={inputRef}
          className="field__input share__url"
          readOnly
          value={url}
          onFocus={(event) => event.target.select()}
        />
        <div className="share__buttons">
          <Button variant="secondary" icon={<IconCopy size={18} />} onClick={() => void copy()}>
            Copy
          </Button>
          {canShare() && (
            <Button variant="secondary" icon={<IconShare size={18} />} onClick={() => void share()}>
              Share
            </Button>
          )}
        </div>
      </div>
    </section>
  );
}
