import type { ReactNode, TextareaHTMLAttributes } from 'react';
import { FieldFrame, useFieldIds } from './field-frame';
import './field.css';

interface TextareaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: string;
  hint?: ReactNode;
  error?: string | null;
}

export function TextareaField({ label, hint, error, className, ...props }: TextareaFieldProps) {
  const ids = useFieldIds(hint, error);
  return (
    <FieldFrame ids={ids} label={label} hint={hint} error={error} className={className}>
      <textarea className="field__input field__textarea" {...ids.control} {...props} />
    </FieldFrame>
  );
}
