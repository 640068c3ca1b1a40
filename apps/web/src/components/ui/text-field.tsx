import { useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { FieldFrame, useFieldIds } from './field-frame';
import { IconEye, IconEyeOff } from './icons';
import './field.css';
import './icon-button.css';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  hint?: ReactNode;
  error?: string | null;
  /** Passwords get a show/hide toggle: typing blind on a phone keyboard is error-prone. */
  revealable?: boolean;
  /** Extra ids (for a form-level alert) that also describe this input. */
  describedBy?: string;
}

export function TextField({
  label,
  hint,
  error,
  revealable = false,
  describedBy,
  type = 'text',
  className,
  ...props
}: TextFieldProps) {
  const ids = useFieldIds(hint, error, describedBy);
  const [revealed, setRevealed] = useState(false);

  return (
    <FieldFrame ids={ids} label={label} hint={hint} error={error} className={className}>
      <div className="field__control">
        <input
          className="field__input"
          type={revealable && revealed ? 'text' : type}
          {...ids.control}
          {...props}
        />
        {revealable && (
          <button
            type="button"
            className="icon-button field__reveal"
            onClick={() => setRevealed((value) => !value)}
            // Short on purpose: "Show password" would also match the field's own label in
            // label-based lookups (assistive tech and tests); it sits right after the field.
            aria-label={revealed ? 'Hide' : 'Show'}
            aria-controls={ids.id}
            aria-pressed={revealed}
          >
            {revealed ? <IconEyeOff size={20} /> : <IconEye size={20} />}
          </button>
        )}
      </div>
    </FieldFrame>
  );
}
