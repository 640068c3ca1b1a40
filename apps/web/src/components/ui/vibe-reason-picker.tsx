import { VIBE_REASONS, type VibeReasonChoice } from '@doers/contract';
import { useId } from 'react';
import './vibe-reason-picker.css';

type Props = {
  legend: string;
  value: VibeReasonChoice | null;
  onChange: (reason: VibeReasonChoice) => void;
  /** A tutorial's target marker, when a tutorial points at the reasons. */
  tutorialMarker?: string | undefined;
};

/**
 * The six reasons of a vibe as chips (native radios inside, so arrows and the screen reader work
 * as for any radio group): the profile's Send a vibe and a post's vibe sheet both ask this way.
 */
export function VibeReasonPicker({ legend, value, onChange, tutorialMarker }: Props) {
  const id = useId();
  return (
    <fieldset className="vibe-reasons" data-tutorial={tutorialMarker}>
      <legend className="field__label">{legend}</legend>
      <div className="vibe-reasons__chips">
        {VIBE_REASONS.map((choice) => (
          <label key={choice} className={`vibe-reason${value === choice ? ' is-on' : ''}`}>
            <input
              type="radio"
              name={`${id}-reason`}
              value={choice}
              checked={value === choice}
              onChange={() => onChange(choice)}
            />
            <span>{choice.charAt(0).toUpperCase() + choice.slice(1)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
