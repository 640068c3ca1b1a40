import { describe, expect, it } from 'vitest';
import type { BillingStatus } from '@doers/contract';
import { durationText, limitLines, priceText, standingText } from './tier-text';

const status = (s: Partial<BillingStatus>): BillingStatus => ({
  provider: 'stripe',
  tiers: [],
  supporterTier: 'supporter',
  paymentStatus: 'Paid',
  subscription: null,
  ...s,
});

describe('tier texts', () => {
  it('says prices and limits plainly', () => {
    expect(priceText({ cents: 0, currency: 'eur' })).toBe('No charge');
    expect(priceText({ cents: 300, currency: 'eur' })).toBe('€3 / month');
    expect(priceText({ cents: 450, currency: 'eur' })).toBe('€4.50 / month');
    expect(durationText(120)).toBe('2 min');
    expect(durationText(90)).toBe('1 min 30 s');
    expect(durationText(45)).toBe('45 s');
    expect(limitLines({ quests: 1, postDuration: 120, dmDuration: 600 })).toEqual([
      '1 active quest',
      'Voice posts up to 2 min',
      'Voice messages up to 10 min',
    ]);
  });

  it('says where my tier stands', () => {
    const periodEnd = '2026-12-05T10:00:00.000Z';
    expect(standingText(status({}))).toBeNull();
    expect(standingText(status({ paymentStatus: 'Exempt' }))).toBe(
      'Granted by the Doers team: nothing to pay.',
    );
    expect(
      standingText(status({ subscription: { tier: 'supporter', status: 'active', periodEnd } })),
    ).toBe('Renews on December 5, 2026.');
    expect(
      standingText(status({ subscription: { tier: 'champion', status: 'cancelling', periodEnd } })),
    ).toBe('Cancelled: Champion stays until December 5, 2026, then you are on Free.');
    expect(
      standingText(status({ subscription: { tier: 'champion', status: 'past_due', periodEnd } })),
    ).toBe('Your last payment did not go through. Until it does, you are on Free.');
  });
});
