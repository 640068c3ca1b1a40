/** Referral quotas count calendar months in UTC; the quota resets on the 1st. */
export function monthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

export function nextMonthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
}

export function monthKey(date: Date): string {
  return date.toISOString().slice(0, 7);
}
