import { z } from 'zod';

const optional = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

/** The environment variables of payments (part of config.ts's schema). */
export const paymentEnv = {
  STRIPE_SECRET_KEY: optional.refine((v) => !v || /^(sk|rk)_(test|live)_/.test(v), {
    message: 'must be a Stripe secret key (sk_test_…, sk_live_… or a restricted rk_ key)',
  }),
  STRIPE_WEBHOOK_SECRET: optional.refine((v) => !v || v.startsWith('whsec_'), {
    message: "must be the webhook endpoint's signing secret (whsec_…)",
  }),
  /** Where the Stripe API is: unset in production; a local stand-in in tests. */
  STRIPE_API_URL: optional.refine((v) => !v || /^https?:\/\/[^/]+\/?$/.test(v), {
    message: 'must be a base URL like http://127.0.0.1:12111',
  }),
};

type PaymentEnv = z.output<z.ZodObject<typeof paymentEnv>>;

/** The key and the webhook secret go together: payments half set up would take money unseen. */
export function checkPaymentEnv(e: PaymentEnv, ctx: z.RefinementCtx): void {
  if (Boolean(e.STRIPE_SECRET_KEY) === Boolean(e.STRIPE_WEBHOOK_SECRET)) return;
  const missing = e.STRIPE_SECRET_KEY ? 'STRIPE_WEBHOOK_SECRET' : 'STRIPE_SECRET_KEY';
  const set = e.STRIPE_SECRET_KEY ? 'STRIPE_SECRET_KEY' : 'STRIPE_WEBHOOK_SECRET';
  ctx.addIssue({ code: 'custom', path: [missing], message: `must be set too when ${set} is` });
}

/** Stripe when both secrets are set; otherwise no payment provider (the page says so). */
export type PaymentSettings = {
  stripe: {
    secretKey: string;
    webhookSecret: string;
    api: { host: string; port: number; protocol: 'http' | 'https' } | undefined;
  } | null;
};

export function paymentSettings(e: PaymentEnv): PaymentSettings {
  if (!e.STRIPE_SECRET_KEY || !e.STRIPE_WEBHOOK_SECRET) return { stripe: null };
  const url = e.STRIPE_API_URL ? new URL(e.STRIPE_API_URL) : undefined;
  const protocol = url?.protocol === 'http:' ? 'http' : 'https';
  return {
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      api: url && {
        host: url.hostname,
        port: Number(url.port || (protocol === 'http' ? 80 : 443)),
        protocol,
      },
    },
  };
}
