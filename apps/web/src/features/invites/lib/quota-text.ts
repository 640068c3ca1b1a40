import type { MyInvites } from '@doers/contract';
import { formatDate } from '../../../lib/dates';

/** Founders have 999 a month: in practice, no limit worth counting. */
export const UNLIMITED_FROM = 999;

const monthDay = (iso: string) => formatDate(iso, 'dayMonthLong', { utc: true });

/** This month's invites in words: how many are used, and when they come back. */
export function quotaText(quota: MyInvites['quota']): string {
  if (quota.limit >= UNLIMITED_FROM) {
    return `${quota.used} ${quota.used === 1 ? 'person' : 'people'} joined with your code this month. As a founder you can invite as many as you like.`;
  }
  const left = Math.max(quota.limit - quota.used, 0);
  if (left === 0) {
    return `You have used all ${quota.limit} invites this month. New ones on ${monthDay(quota.resetDate)}.`;
  }
  return `${quota.used} of ${quota.limit} invites used this month: ${left} left until ${monthDay(quota.resetDate)}.`;
}
