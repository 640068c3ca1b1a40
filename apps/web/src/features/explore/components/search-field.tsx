import { useId, type RefObject } from 'react';
import { IconCompass, IconX } from '../../../components/ui/icons';
import { EXPLORE_TUTORIAL_MARKERS } from '../tutorial-markers';
import { Spinner } from '../../../components/ui/spinner';

interface SearchFieldProps {
  value: string;
  onChange(value: string): void;
  /** A search is on its way: a small spinner in the field, the results stay. */
  busy: boolean;
  inputRef?: RefObject<HTMLInputElement | null>;
}

/** The search box at the top of Explore: a label, the text, a spinner while asking, Clear. */
export function SearchField({ value, onChange, busy, inputRef }: SearchFieldProps) {
  const id = useId();
  return (
    <div className="explore-search" role="search" data-tutorial={EXPLORE_TUTORIAL_MARKERS.search}>
      <label htmlFor={id} className="sr-only">
        Search people, quests, interests and posts
      </label>
      <span className="explore-search__icon" aria-hidden="true">
        <IconCompass size={20} />
      </span>
      <input
        ref={inputRef}
        id={id}
        className="explore-search__input"
        type="search"
        inputMode="search"
        enterKeyHint="search"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        placeholder="Search people, quests, posts"
        maxLength={100}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && value) {
            event.preventDefault();
            onChange('');
          }
        }}
      />
      {busy && (
        <span className="explore-search__busy">
          <Spinner size={18} label="Searching" />
        </span>
      )}
      {value && (
        <button
          type="button"
          className="explore-search__clear"
          aria-label="Clear search"
          onClick={() => {
            onChange('');
            inputRef?.current?.focus();
          }}
        >
          <IconX size={18} />
        </button>
      )}
    </div>
  );
}
