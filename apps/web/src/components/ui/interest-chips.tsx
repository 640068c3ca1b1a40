import type { Interest } from '@doers/contract';
import { IconCheck } from './icons';
import './interest-chips.css';

/** A person's interests as chips with their emoji, in the order they chose them. */
export function InterestChips({
  interests,
  label,
}: {
  interests: readonly Interest[];
  label: string;
}) {
  return (
    <ul className="chips" aria-label={label}>
      {interests.map((interest) => (
        <li key={interest.id} className="chip">
          <span className="chip__emoji" aria-hidden="true">
            {interest.emoji}
          </span>
          {interest.label}
        </li>
      ))}
    </ul>
  );
}

interface InterestPickerProps {
  interests: readonly Interest[];
  selected: readonly string[];
  onToggle(id: string): void;
  /** Chips that are not chosen cannot be added past the maximum. */
  max?: number;
  disabled?: boolean;
  label: string;
}

/** Chips that toggle: buttons with aria-pressed, so a screen reader says which are chosen. */
export function InterestPicker({
  interests,
  selected,
  onToggle,
  max,
  disabled = false,
  label,
}: InterestPickerProps) {
  const full = max !== undefined && selected.length >= max;
  return (
    <ul className="chips" aria-label={label}>
      {interests.map((interest) => {
        const on = selected.includes(interest.id);
        return (
          <li key={interest.id}>
            <button
              type="button"
              className={`chip chip--toggle${on ? ' is-on' : ''}`}
              aria-pressed={on}
              disabled={disabled || (!on && full)}
              onClick={() => onToggle(interest.id)}
            >
              <span className="chip__emoji" aria-hidden="true">
                {interest.emoji}
              </span>
              {interest.label}
              {on && <IconCheck size={16} />}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
