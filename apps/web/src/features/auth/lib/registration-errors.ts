import { isApiError } from '../../../lib/api-error';

export const USERNAME_TAKEN_MESSAGE = 'This username is already taken. Please choose another.';
export const EMAIL_TAKEN_MESSAGE = 'This email is already registered. Please sign in instead.';
export const REGISTRATION_FAILED_MESSAGE = 'Registration failed. Please try again.';

export interface RegistrationFailure {
  message: string;
  /** The input the message belongs to, so it is shown (and announced) next to it. */
  field: 'username' | 'email' | 'password' | null;
  /** An already-registered email offers the sign-in page after 500 ms. */
  offerLogin: boolean;
}

const TAKEN = /taken|exists|already/;

/** The sign-up failures of docs/product/accounts-and-sessions.md, word for word. */
export function mapRegistrationError(error: unknown): RegistrationFailure {
  if (isApiError(error)) {
    // A rate limit or a dead connection is not the person's fault: say what really happened.
    if (error.statusCode === 429 || error.statusCode === 0) {
      return { message: error.message, field: null, offerLogin: false };
    }
    const details = (error.errors ?? []).map((e) => `${e.field} ${e.message}`).join(' ');
    const text = `${error.message} ${details}`.toLowerCase();
    if (text.includes('username') && TAKEN.test(text)) {
      return { message: USERNAME_TAKEN_MESSAGE, field: 'username', offerLogin: false };
    }
    if (text.includes('email') && TAKEN.test(text)) {
      return { message: EMAIL_TAKEN_MESSAGE, field: 'email', offerLogin: true };
    }
    // The server's own word on the password (a common or breached one), under the field.
    const password = error.errors?.find((e) => e.field === 'password');
    if (password) return { message: password.message, field: 'password', offerLogin: false };
  }
  return { message: REGISTRATION_FAILED_MESSAGE, field: null, offerLogin: false };
}
