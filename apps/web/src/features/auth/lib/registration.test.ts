import { normalizeUsername } from '@doers/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import {
  EMAIL_TAKEN_MESSAGE,
  mapRegistrationError,
  REGISTRATION_FAILED_MESSAGE,
  USERNAME_TAKEN_MESSAGE,
} from './registration-errors';
import { validateRegistration, type RegistrationForm } from './validate-registration';

describe('username filter', () => {
  it('lowercases, drops spaces and keeps only a-z, 0-9 and _', () => {
    expect(normalizeUsername('Jane Doe')).toBe('janedoe');
    expect(normalizeUsername('  RUN_2024 ')).toBe('run_2024');
    expect(normalizeUsername('émile-the.doer!')).toBe('milethedoer');
    expect(normalizeUsername('ÀÉÎ')).toBe('');
    expect(normalizeUsername('already_ok_9')).toBe('already_ok_9');
  });
});

describe('registration error mapping', () => {
  it('maps a taken username', () => {
    const result = mapRegistrationError(new ApiError('This username is already taken', 409));
    expect(result).toEqual({
      message: USERNAME_TAKEN_MESSAGE,
      field: 'username',
      offerLogin: false,
    });
  });

  it('maps username + exists / already in any wording', () => {
    expect(mapRegistrationError(new ApiError('Username exists', 409)).message).toBe(
      USERNAME_TAKEN_MESSAGE,
    );
    expect(mapRegistrationError(new ApiError('USERNAME ALREADY IN USE', 409)).field).toBe(
      'username',
    );
  });

  it('maps a registered email and offers sign-in', () => {
    const result = mapRegistrationError(
      new ApiError('An account with this email already exists', 409),
    );
    expect(result).toEqual({ message: EMAIL_TAKEN_MESSAGE, field: 'email', offerLogin: true });
    expect(mapRegistrationError(new ApiError('Email taken', 409)).offerLogin).toBe(true);
  });

  it('reads the field errors list too', () => {
    const error = new ApiError('Conflict', 409, [
      { field: 'email', message: 'is already registered' },
    ]);
    expect(mapRegistrationError(error).message).toBe(EMAIL_TAKEN_MESSAGE);
  });

  it("shows the server's password message under the password field", () => {
    const message = 'This password is too common. Choose one that is harder to guess.';
    const error = new ApiError(message, 400, [{ field: 'password', message }]);
    expect(mapRegistrationError(error)).toEqual({ message, field: 'password', offerLogin: false });
  });

  it('falls back to the generic message', () => {
    expect(mapRegistrationError(new ApiError('Invalid referral code', 400)).message).toBe(
      REGISTRATION_FAILED_MESSAGE,
    );
    expect(
      mapRegistrationError(new ApiError('Username must be at least 3 characters', 400)).message,
    ).toBe(REGISTRATION_FAILED_MESSAGE);
    expect(mapRegistrationError(new Error('boom')).message).toBe(REGISTRATION_FAILED_MESSAGE);
  });

  it('keeps the message of a rate limit or a network failure', () => {
    expect(
      mapRegistrationError(new ApiError('Too many attempts, try again in 30 minutes', 429)).message,
    ).toBe('Too many attempts, try again in 30 minutes');
    expect(mapRegistrationError(new ApiError('Network error', 0)).message).toBe('Network error');
  });
});

describe('registration validation', () => {
  const valid: RegistrationForm = {
    username: 'jane_doe',
    email: 'jane@example.com',
    password: 'longenough',
    confirmPassword: 'longenough',
    acceptedTerms: true,
  };

  it('accepts a complete form', () => {
    expect(validateRegistration(valid)).toBeNull();
  });

  it('requires email, password and username', () => {
    for (const field of ['email', 'password', 'username'] as const) {
      expect(validateRegistration({ ...valid, [field]: '' })).toEqual({
        field: 'form',
        message: 'Please fill in all fields',
      });
    }
  });

  it('checks length, confirmation, then terms', () => {
    expect(
      validateRegistration({ ...valid, password: 'short', confirmPassword: 'short' })?.message,
    ).toBe('Password must be at least 8 characters');
    expect(validateRegistration({ ...valid, confirmPassword: 'different1' })?.message).toBe(
      'Passwords do not match',
    );
    expect(validateRegistration({ ...valid, acceptedTerms: false })?.message).toBe(
      'Please accept the terms to continue',
    );
  });

  it('applies the contract username and email rules', () => {
    expect(validateRegistration({ ...valid, username: 'ab' })?.field).toBe('username');
    expect(validateRegistration({ ...valid, email: 'not-an-email' })?.field).toBe('email');
  });
});
