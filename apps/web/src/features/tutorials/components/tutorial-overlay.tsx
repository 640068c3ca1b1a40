import { useEffect, useId, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { IconX } from '../../../components/ui/icons';
import { TUTORIALS } from '../lib/tutorial-catalogue';
import { isOnboardingPath } from '../lib/auto-triggers';
import { useTutorialStore } from '../lib/tutorial-store';
import { useAutoTriggers } from './use-auto-triggers';
import { useTargetRect, type Rect } from './use-target-rect';
import './tutorial-overlay.css';

/**
 * The active tutorial's step over the app (docs/product/tutorials.md): its element lit with
 * 8 px around it and the rest dimmed, the step's card, and the controls. The lit element stays
 * usable (the dimmed frame around it is four pieces, not a sheet); a click on the dimmed part
 * skips the tutorial, as do the close button and Escape.
 */
export function TutorialOverlay() {
  const { pathname } = useLocation();
  useAutoTriggers(pathname);
  const active = useTutorialStore((state) => state.active);
  if (!active || isOnboardingPath(pathname)) return null;
  return <TutorialStep id={active.id} step={active.step} pathname={pathname} />;
}

function TutorialStep({
  id,
  step,
  pathname,
}: {
  id: keyof typeof TUTORIALS;
  step: number;
  pathname: string;
}) {
  const tutorial = TUTORIALS[id];
  const current = tutorial.steps[step]!;
  const count = tutorial.steps.length;
  const last = step === count - 1;
  const { next, previous, skip } = useTutorialStore.getState();
  const navigate = useNavigate();
  const rect = useTargetRect(current.target, `${id}:${step}:${pathname}`);
  const titleId = useId();
  const bodyId = useId();
  const card = useRef<HTMLDivElement>(null);

  // Each step is announced and takes the keyboard: focus goes to its card.
  useEffect(() => card.current?.focus(), [id, step]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') skip();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [skip]);

  const goNext = () => {
    const upcoming = tutorial.steps[step + 1];
    if (upcoming?.path && upcoming.path !== pathname) void navigate(upcoming.path);
    next();
  };

  // The card sits away from the lit element: at the top when the element is low on screen.
  const cardAtTop = rect !== null && rect.top + rect.height / 2 > window.innerHeight / 2;

  return (
    <div className="tutorial">
      <Backdrop rect={rect} onClick={skip} />
      <div
        ref={card}
        className={`tutorial__card${cardAtTop ? ' is-top' : ''}`}
        role="dialog"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        tabIndex={-1}
      >
        <div className="tutorial__head">
          <p className="tutorial__count">
            Step {step + 1} of {count}
          </p>
          <button
            type="button"
            className="tutorial__close"
            aria-label="Close tutorial"
            onClick={skip}
          >
            <IconX size={20} />
          </button>
        </div>
        <p className="tutorial__name">{tutorial.title}</p>
        <h2 id={titleId} className="tutorial__title">
          {current.title}
        </h2>
        <p id={bodyId} className="tutorial__body">
          {current.body}
        </p>
        <ol className="tutorial__dots" aria-hidden="true">
          {tutorial.steps.map((s, index) => (
            <li key={s.title} className={index === step ? 'is-current' : undefined} />
          ))}
        </ol>
        <div className="tutorial__actions">
          <Button variant="ghost" onClick={skip}>
            Skip Tutorial
          </Button>
          <span className="tutorial__spacer" />
          {step > 0 && (
            <Button variant="secondary" onClick={previous}>
              Previous
            </Button>
          )}
          <Button onClick={goNext}>{last ? 'Done' : 'Next'}</Button>
        </div>
      </div>
    </div>
  );
}

/** Dims everything but `rect`: one sheet without a target, four pieces around one. */
function Backdrop({ rect, onClick }: { rect: Rect | null; onClick: () => void }) {
  if (!rect) {
    return <div className="tutorial__dim" data-testid="tutorial-backdrop" onClick={onClick} />;
  }
  const right = rect.left + rect.width;
  const bottom = rect.top + rect.height;
  const pieces = [
    { top: 0, left: 0, right: 0, height: Math.max(0, rect.top) },
    { top: bottom, left: 0, right: 0, bottom: 0 },
    { top: rect.top, left: 0, width: Math.max(0, rect.left), height: rect.height },
    { top: rect.top, left: right, right: 0, height: rect.height },
  ];
  return (
    <>
      {pieces.map((style, index) => (
        <div
          key={index}
          className="tutorial__piece"
          data-testid="tutorial-backdrop"
          style={style}
          onClick={onClick}
        />
      ))}
      <div
        className="tutorial__spot"
        data-testid="tutorial-spotlight"
        // Moved by transform, not top and left: gliding from one target to the next then moves no
        // layout, which a phone would count against the page as shifting under the reader (CLS).
        style={{
          transform: `translate(${rect.left}px, ${rect.top}px)`,
          width: rect.width,
          height: rect.height,
        }}
      />
    </>
  );
}
