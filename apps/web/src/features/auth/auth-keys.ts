/** The query keys of the sign-up screens. */
export const authKeys = {
  publicConfig: ['auth', 'public-config'] as const,
  referral: (code: string | null) => ['auth', 'referral', code] as const,
};
