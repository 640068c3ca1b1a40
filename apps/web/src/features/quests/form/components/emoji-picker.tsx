import { useId } from 'react';
import { QUEST_EMOJIS } from '../../common/lib/quest-labels';
import '../../../../components/ui/field.css';
import './emoji-picker.css';

interface EmojiPickerProps {
  value: string;
  onChange(emoji: string): void;
}

/** Radios drawn as a grid: arrow keys move the choice, each option reads out its name. */
export function EmojiPicker({ value, onChange }: EmojiPickerProps) {
  const name = useId();
  // A template or an older quest may use an emoji outside the grid: keep it choosable.
  const options = QUEST_EMOJIS.some((item) => item.emoji === value)
    ? QUEST_EMOJIS
    : [{ emoji: value, name: `Current emoji ${value}` }, ...QUEST_EMOJIS];

  return (
    <fieldset className="emoji-picker">
      <legend className="field__label">Emoji</legend>
      <div className="emoji-picker__grid">
        {options.map((item) => {
          const id = `${name}-${item.emoji}`;
          return (
            <span key={item.emoji} className="emoji-picker__option">
              <input
                id={id}
                type="radio"
                name={name}
                className="emoji-picker__input"
                checked={item.emoji === value}
                onChange={() => onChange(item.emoji)}
              />
              <label htmlFor={id} className="emoji-picker__label" title={item.name}>
                <span aria-hidden="true">{item.emoji}</span>
                <span className="sr-only">{item.name}</span>
              </label>
            </span>
          );
        })}
      </div>
    </fieldset>
  );
}
