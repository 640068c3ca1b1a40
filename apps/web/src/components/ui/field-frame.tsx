import { useId, type ReactNode } from 'react';
import './field.css';

/** Ids that tie a control to its label, error and hint (errors first: they matter most). */
export function useFieldIds(
  hint: ReactNode | undefined,
  error: string | null | undefined,
  describedBy?: string,
) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return {
    id,
    hintId,
    errorId,
    control: {
      id,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': [errorId, hintId, describedBy].filter(Boolean).join(' ') || undefined,
    },
  };
}

/** The label above, the error and the hint below: the same frame for every form control. */
export function FieldFrame({
  ids,
  label,
  hint,
  error,
  className,
  children,
}: {
  ids: ReturnType<typeof useFieldIds>;
  label: string;
  hint?: ReactNode;
  error?: string | null;
  className?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className={['field', error && 'field--invalid', className].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={ids.id}>
        {label}
      </label>
      {children}
      {error && (
        <p id={ids.errorId} className="field__error" role="alert">
          {error}
        </p>
      )}
      {hint && (
        <p id={ids.hintId} className="field__hint">
          {hint}
        </p>
      )}
    </div>
  );
}
