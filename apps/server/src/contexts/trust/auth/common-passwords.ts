import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

export const COMMON_PASSWORD_MESSAGE =
  'This password is too common. Choose one that is harder to guess.';

/**
 * zxcvbn-ts with its common dictionary: about 50,000 passwords from breach lists, keyboard
 * patterns, and words of the person and the app. It runs on the event loop, so it is bounded:
 * only the first 64 characters are weighed and l33t substitutions capped, because a long l33t
 * input, uncapped, held the loop far too long (docs/decisions/0008-sessions-as-rows.md).
 */
let estimator: ZxcvbnFactory | undefined;
function zxcvbn(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...dictionary, app: ['doers', 'doer'] },
    graphs: adjacencyGraphs,
    l33tMaxSubstitutions: 4,
    maxLength: 64,
  });
  return estimator;
}

/**
 * Whether a new password is one an attacker tries early: a breached or common one, a variant of
 * one (capitals, l33t, digits or a year added), a keyboard walk, a repeat or a sequence, or the
 * person's own name or address. zxcvbn's score 0–1 means fewer than a million guesses.
 */
export function isCommonPassword(password: string, context: string[] = []): boolean {
  const words = context.flatMap((c) => [c, ...c.split(/[@._\-+]/)]).filter((w) => w.length >= 3);
  return zxcvbn().check(password, words).score < 2;
}
