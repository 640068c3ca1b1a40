/** When the Terms and the Privacy Policy last changed, and where people write to us. */
export const LEGAL_UPDATED = '25 November 2026';
export const SUPPORT_EMAIL = 'support@doers.app';
