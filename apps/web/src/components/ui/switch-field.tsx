import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import './switch-field.css';

interface SwitchFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> {
  label: string;
  hint?: ReactNode;
}

/**
 * An on/off setting inside a form: a real checkbox with the switch role, so Space toggles it,
 * it submits like any input, and its accessible name is exactly the visible label.
 */
export function SwitchField({ label, hint, className, ...props }: SwitchFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className={['switch-field', className].filter(Boolean).join(' ')}>
      <input
        id={id}
        type="checkbox"
        role="switch"
        className="switch-field__input"
        aria-describedby={hintId}
        {...props}
      />
      <label htmlFor={id} className="switch-field__label">
        <span className="switch-field__text">{label}</span>
        <span className="switch" aria-hidden="true">
          <span className="switch__thumb" />
        </span>
      </label>
      {hint && (
        <p id={hintId} className="field__hint switch-field__hint">
          {hint}
        </p>
      )}
    </div>
  );
}
