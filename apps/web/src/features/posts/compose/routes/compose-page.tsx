import { useCallback, useEffect, useId, useLayoutEffect, useRef } from 'react';
import { useBlocker, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { IconRefresh, IconX } from '../../../../components/ui/icons';
import { ErrorState } from '../../../../components/ui/state-panels';
import { PageSpinner } from '../../../../components/ui/spinner';
import { errorMessage } from '../../../../lib/api-error';
import { useAccount } from '../../../../lib/auth/use-account';
import { savedOfflineMessage, useOfflineState } from '../../../../lib/offline-queue';
import { toast } from '../../../../lib/toast-store';
import { usePageTitle } from '../../../../lib/use-page-title';
import { AttachmentField, QuestField, VisibilityField } from '../components/post-details';
import { VoiceStep } from '../components/voice-step';
import { useComposer } from '../hooks/use-composer';
import { POST_TUTORIAL_MARKERS } from '../../lib/tutorial-markers';
import { composerStep, hasUnsavedWork } from '../lib/composer-state';
import '../../../../components/ui/state-panels.css';
import './compose-page.css';

const QUEST_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * /post: record a voice note, optionally add a photo or video, the quest it reports on and who
 * sees it, then Share (docs/product/posts-and-feed.md#posting). `?questId=` chooses the quest
 * (from a check-in's "Share this check-in"). The bottom bar is hidden here (shell-rules.ts).
 */
export function ComposePage() {
  usePageTitle('New post');
  const account = useAccount();
  const [params] = useSearchParams();
  const fromLink = params.get('questId');

  if (!account.data) {
    return (
      <div className="page compose">
        <h1 className="sr-only">New post</h1>
        {account.isError ? (
          <ErrorState
            title="The composer did not load"
            message={errorMessage(account.error, 'Something went wrong')}
            onRetry={() => void account.refetch()}
            retrying={account.isFetching}
          />
        ) : (
          <PageSpinner />
        )}
      </div>
    );
  }
  return (
    <Composer
      maxSeconds={account.data.limits.postDuration}
      questId={fromLink && QUEST_ID.test(fromLink) ? fromLink : null}
    />
  );
}

function Composer({ maxSeconds, questId }: { maxSeconds: number; questId: string | null }) {
  const navigate = useNavigate();
  const location = useLocation();
  const shareNoteId = useId();
  const unsaved = useRef(false);
  const onShared = useCallback(() => {
    unsaved.current = false;
    toast.success('Posted');
    void navigate('/feed');
  }, [navigate]);
  const onQueued = useCallback(() => {
    unsaved.current = false;
    toast.info(savedOfflineMessage('Your post'));
    void navigate('/feed');
  }, [navigate]);
  const composer = useComposer({ questId, onShared, onQueued });
  const { state, readiness } = composer;
  const online = useOfflineState((offline) => offline.online);
  const unsavedNow = hasUnsavedWork(state);
  useLayoutEffect(() => {
    unsaved.current = unsavedNow;
  }, [unsavedNow]);

  // Leaving with a recording asks first, inside the app and when closing the tab.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      unsaved.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (unsaved.current) event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, []);

  // Back where the person came from; to the feed when /post was opened directly.
  const close = () => void (location.key === 'default' ? navigate('/feed') : navigate(-1));

  const { phase, error } = state.share;
  const sending = phase === 'sending' || (phase === 'waiting' && readiness.kind === 'uploading');
  // Offline, Share keeps the post on this phone (the offline queue) whatever the uploads did.
  const later = !online && state.recorded && phase !== 'sending';
  const canPress = later || readiness.kind === 'ready' || readiness.kind === 'uploading';
  const shareLabel =
    phase === 'sending'
      ? 'Sharing…'
      : later
        ? 'Share when back online'
        : sending
          ? `Sharing once uploaded (${Math.round((readiness.kind === 'uploading' ? readiness.progress : 1) * 100)}%)`
          : phase === 'failed'
            ? 'Retry'
            : 'Share';

  return (
    <div className="page compose">
      <header className="compose__top">
        <button type="button" className="compose__close" onClick={close} aria-label="Cancel post">
          <IconX size={22} />
        </button>
        <h1 className="compose__title">New post</h1>
      </header>

      <section
        className="card compose__step"
        aria-labelledby="compose-voice"
        data-tutorial={POST_TUTORIAL_MARKERS.recordVoice}
      >
        <h2 id="compose-voice" className="card__title compose__step-title">
          <span className="compose__number" aria-hidden="true">
            1
          </span>
          Record your voice note
        </h2>
        <VoiceStep
          maxSeconds={maxSeconds}
          upload={state.voice}
          onRecorded={composer.recorded}
          onRetry={composer.retryVoice}
          onRemove={composer.removeVoice}
          onTranscript={composer.changeTranscript}
        />
      </section>

      {composerStep(state) === 'details' && (
        <>
          <section
            className="card compose__step"
            aria-labelledby="compose-media"
            data-tutorial={POST_TUTORIAL_MARKERS.addMedia}
          >
            <h2 id="compose-media" className="card__title compose__step-title">
              <span className="compose__number" aria-hidden="true">
                2
              </span>
              Add a photo or video <span className="compose__optional">(optional)</span>
            </h2>
            <AttachmentField send={composer.sendAttachment} onRemove={composer.attachmentRemoved} />
          </section>

          <section className="card compose__step" aria-labelledby="compose-details">
            <h2 id="compose-details" className="card__title compose__step-title">
              <span className="compose__number" aria-hidden="true">
                3
              </span>
              Quest and who sees it
            </h2>
            <QuestField
              questId={state.questId}
              linkedQuestId={questId}
              onChange={composer.chooseQuest}
            />
            <VisibilityField value={state.visibility} onChange={composer.chooseVisibility} />
          </section>

          <section
            className="compose__share"
            aria-label="Share"
            data-tutorial={POST_TUTORIAL_MARKERS.sharePost}
          >
            {phase === 'failed' && error && (
              <Alert title="Your post was not shared">
                {error} Your recording and everything you added are kept.
              </Alert>
            )}
            <Button
              block
              className="btn--big"
              icon={phase === 'failed' ? <IconRefresh size={20} /> : undefined}
              loading={sending && !later}
              disabled={!canPress}
              aria-describedby={later || (readiness.reason && !sending) ? shareNoteId : undefined}
              onClick={later ? () => void composer.shareLater() : composer.share}
            >
              {shareLabel}
            </Button>
            {sending && (
              <p className="sr-only" role="status">
                {shareLabel}
              </p>
            )}
            {later && (
              <p id={shareNoteId} className="muted compose__share-note">
                You&apos;re offline. Your post is kept on this phone and shared as soon as you are
                back online.
              </p>
            )}
            {!later && readiness.reason && !sending && (
              <p id={shareNoteId} className="muted compose__share-note">
                {readiness.kind === 'uploading'
                  ? 'Uploading… Share now and it goes out once the upload is done.'
                  : readiness.reason}
              </p>
            )}
          </section>
        </>
      )}

      <ConfirmDialog
        open={blocker.state === 'blocked'}
        title="Discard this post?"
        confirmLabel="Discard"
        cancelLabel="Keep editing"
        tone="danger"
        onConfirm={() => blocker.proceed?.()}
        onClose={() => blocker.reset?.()}
      >
        Your voice note and anything you added will be lost.
      </ConfirmDialog>
    </div>
  );
}
