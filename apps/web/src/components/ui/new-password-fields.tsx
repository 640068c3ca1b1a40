import { TextField } from './text-field';

type Props = {
  /** The form's field names of the password and of its confirmation. */
  names: { password: string; confirm: string };
  /** "New password" (reset, change) or "Password" (sign-up). */
  wording: 'new' | 'plain';
  password: string;
  confirm: string;
  onPasswordChange: (value: string) => void;
  onConfirmChange: (value: string) => void;
  hint: string;
  passwordError?: string | null | undefined;
  confirmError?: string | null | undefined;
  /** A form-level alert that also describes the first field. */
  describedBy?: string | undefined;
};

/**
 * A new password and its confirmation, as sign-up, reset and change-password all ask for it:
 * revealable (typing blind on a phone keyboard is error-prone) and marked `new-password` so a
 * password manager offers to generate and save one.
 */
export function NewPasswordFields(props: Props) {
  const label = props.wording === 'new' ? 'New password' : 'Password';
  return (
    <>
      <TextField
        label={label}
        name={props.names.password}
        type="password"
        autoComplete="new-password"
        revealable
        value={props.password}
        onChange={(event) => props.onPasswordChange(event.target.value)}
        hint={props.hint}
        error={props.passwordError}
        describedBy={props.describedBy}
      />
      <TextField
        label={props.wording === 'new' ? 'Confirm new password' : 'Confirm password'}
        name={props.names.confirm}
        type="password"
        autoComplete="new-password"
        revealable
        value={props.confirm}
        onChange={(event) => props.onConfirmChange(event.target.value)}
        error={props.confirmError}
      />
    </>
  );
}
