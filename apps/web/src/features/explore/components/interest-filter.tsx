import '../../../components/ui/interest-chips.css';
import type { Interest } from '@doers/contract';

interface InterestFilterProps {
  interests: readonly Interest[];
  selected: string | null;
  onSelect(id: string | null): void;
}

/** One chip per interest and "All", in a row that scrolls sideways; one is chosen at a time. */
export function InterestFilter({ interests, selected, onSelect }: InterestFilterProps) {
  return (
    <ul className="explore-filter" aria-label="Show posts about">
      <li>
        <button
          type="button"
          className={`chip chip--toggle${selected === null ? ' is-on' : ''}`}
          aria-pressed={selected === null}
          onClick={() => onSelect(null)}
        >
          All
        </button>
      </li>
      {interests.map((interest) => {
        const on = interest.id === selected;
        return (
          <li key={interest.id}>
            <button
              type="button"
              className={`chip chip--toggle${on ? ' is-on' : ''}`}
              aria-pressed={on}
              onClick={() => onSelect(on ? null : interest.id)}
            >
              <span className="chip__emoji" aria-hidden="true">
                {interest.emoji}
              </span>
              {interest.label}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
