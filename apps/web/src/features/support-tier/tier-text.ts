import type { BillingStatus, SupporterTier, TierOffer } from '@doers/contract';
import { formatDate } from '../../lib/dates';

export const TIER_NAMES: Record<SupporterTier, string> = {
  free: 'Free',
  supporter: 'Supporter',
  champion: 'Champion',
};

/** "€3 / month", or "No charge". */
export function priceText(price: TierOffer['price']): string {
  if (price.cents === 0) return 'No charge';
  const amount = new Intl.NumberFormat('en-GB', {
    style: 'currency',
    currency: price.currency.toUpperCase(),
    minimumFractionDigits: price.cents % 100 === 0 ? 0 : 2,
  }).format(price.cents / 100);
  return `${amount} / month`;
}

/** 120 → "2 min", 90 → "1 min 30 s". */
export function durationText(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  if (minutes === 0) return `${rest} s`;
  return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`;
}

/** What a tier gives, one line each. */
export function limitLines(limits: TierOffer['limits']): string[] {
  return [
    `${limits.quests} active ${limits.quests === 1 ? 'quest' : 'quests'}`,
    `Voice posts up to ${durationText(limits.postDuration)}`,
    `Voice messages up to ${durationText(limits.dmDuration)}`,
  ];
}

const dateText = (iso: string) => formatDate(iso, 'dateLong');

/** Where my tier stands, in a sentence (null when there is nothing to add). */
export function standingText(status: BillingStatus): string | null {
  if (status.paymentStatus === 'Exempt' && status.supporterTier !== 'free')
    return 'Granted by the Doers team: nothing to pay.';
  const s = status.subscription;
  if (!s) return null;
  const tier = TIER_NAMES[s.tier];
  switch (s.status) {
    case 'active':
      return s.periodEnd ? `Renews on ${dateText(s.periodEnd)}.` : 'Paid and renewing monthly.';
    case 'cancelling':
      return s.periodEnd
        ? `Cancelled: ${tier} stays until ${dateText(s.periodEnd)}, then you are on Free.`
        : `Cancelled: ${tier} stays until the end of the paid month, then you are on Free.`;
    case 'past_due':
      return 'Your last payment did not go through. Until it does, you are on Free.';
    case 'ended':
      return `Your ${tier} subscription has ended.`;
  }
}
