import { hash, verify } from '@node-rs/argon2';

// argon2id is @node-rs/argon2's default algorithm.
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

// A fixed hash to verify against when no account matches, so both paths take as long.
const DUMMY_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$ZG9lcnMtZHVtbXktc2FsdA$' +
  'qJ+e7pVn2iZ5/XlDk8B8wSMbA1hFQkRLiLOr9ixN2bE';

export async function verifyPassword(
  passwordHash: string | undefined,
  password: string,
): Promise<boolean> {
  try {
    return await verify(passwordHash ?? DUMMY_HASH, password);
  } catch {
    return false;
  }
}
