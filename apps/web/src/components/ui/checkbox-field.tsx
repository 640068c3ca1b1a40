import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import './checkbox-field.css';

interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> {
  label: ReactNode;
  error?: string | null;
}

export function CheckboxField({ label, error, className, ...props }: CheckboxFieldProps) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div
      className={['checkbox', error && 'checkbox--invalid', className].filter(Boolean).join(' ')}
    >
      <input
        id={id}
        type="checkbox"
        className="checkbox__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={errorId}
        {...props}
      />
      <label htmlFor={id} className="checkbox__label">
        {label}
      </label>
      {error && (
        <p id={errorId} className="field__error checkbox__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
