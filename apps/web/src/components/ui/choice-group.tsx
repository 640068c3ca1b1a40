import { useId, type ReactNode } from 'react';
import './choice-group.css';

export interface Choice<T extends string> {
  value: T;
  label: string;
  description?: ReactNode;
  icon?: ReactNode;
}

interface ChoiceGroupProps<T extends string> {
  legend: string;
  name: string;
  /** null: nothing chosen yet (a choice with consequences is never made for the person). */
  value: T | null;
  choices: ReadonlyArray<Choice<T>>;
  onChange(value: T): void;
  error?: string | null;
  /** Rendered right under the chosen option (a days input under "Number of days"). */
  renderExtra?: (value: T) => ReactNode;
  className?: string;
}

/** A radio group drawn as cards: native radios, so arrow keys move between options. */
export function ChoiceGroup<T extends string>({
  legend,
  name,
  value,
  choices,
  onChange,
  error,
  renderExtra,
  className,
}: ChoiceGroupProps<T>) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  return (
    <fieldset
      className={['choice-group', className].filter(Boolean).join(' ')}
      aria-describedby={errorId}
    >
      <legend className="field__label">{legend}</legend>
      <div className="choice-group__options">
        {choices.map((choice) => {
          const optionId = `${id}-${choice.value}`;
          const checked = choice.value === value;
          return (
            <div key={choice.value} className={`choice${checked ? ' is-checked' : ''}`}>
              <input
                id={optionId}
                type="radio"
                name={name}
                value={choice.value}
                checked={checked}
                onChange={() => onChange(choice.value)}
                className="choice__input"
                aria-describedby={choice.description ? `${optionId}-desc` : undefined}
              />
              <label htmlFor={optionId} className="choice__label">
                {choice.icon && <span className="choice__icon">{choice.icon}</span>}
                <span className="choice__text">
                  <span className="choice__title">{choice.label}</span>
                  {choice.description && (
                    <span id={`${optionId}-desc`} className="choice__desc">
                      {choice.description}
                    </span>
                  )}
                </span>
              </label>
              {checked && renderExtra?.(choice.value)}
            </div>
          );
        })}
      </div>
      {error && (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
