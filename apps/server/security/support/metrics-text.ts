import { expect } from 'vitest';

/**
 * A metric's value on one instance's `/metrics` (the Prometheus text format), summed over the
 * series whose labels include `labels`.
 */
export async function metricSum(
  base: string,
  token: string,
  name: string,
  labels: Record<string, string> = {},
): Promise<number> {
  const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  let sum = 0;
  for (const line of (await res.text()).split('\n')) {
    const match = /^(\w+)(\{.*\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const series = match[2] ?? '';
    if (Object.entries(labels).every(([k, v]) => series.includes(`${k}="${v}"`)))
      sum += Number(match[3]);
  }
  return sum;
}
