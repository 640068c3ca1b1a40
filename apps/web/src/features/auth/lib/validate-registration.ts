import { PASSWORD_MIN_LENGTH, username as usernameSchema } from '@doers/contract';
import { z } from 'zod';

export interface RegistrationForm {
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
  acceptedTerms: boolean;
}

export type RegistrationField = keyof RegistrationForm | 'form';

export interface FormProblem<Field extends string> {
  field: Field;
  message: string;
}

const emailSchema = z.email();

/**
 * The sign-up checks of docs/product/accounts-and-sessions.md, in order; the first problem found is
 * the one shown.
 */
export function validateRegistration(
  form: RegistrationForm,
): FormProblem<RegistrationField> | null {
  if (!form.email.trim() || !form.password || !form.username) {
    return { field: 'form', message: 'Please fill in all fields' };
  }
  if (form.password.length < PASSWORD_MIN_LENGTH) {
    return {
      field: 'password',
      message: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
    };
  }
  if (form.password !== form.confirmPassword) {
    return { field: 'confirmPassword', message: 'Passwords do not match' };
  }
  // The server enforces the same contract rules; checking here saves a round trip.
  const username = usernameSchema.safeParse(form.username);
  if (!username.success) {
    return { field: 'username', message: username.error.issues[0]?.message ?? 'Invalid username' };
  }
  if (!emailSchema.safeParse(form.email.trim()).success) {
    return { field: 'email', message: 'Please enter a valid email address' };
  }
  if (!form.acceptedTerms) {
    return { field: 'acceptedTerms', message: 'Please accept the terms to continue' };
  }
  return null;
}
