const digits = (n: number, places = 0) =>
  n.toLocaleString('en-US', { minimumFractionDigits: places, maximumFractionDigits: places });

/**
 * The outbox under the write rows (smiles, check-ins, posts): how many events were delivered and
 * how long from their commit until delivered, from the server's histogram (so a percentile reads
 * as "at most" its bucket's bound), and what waits now.
 */
export async function outboxFigures(base: string, token: string): Promise<string> {
  const res = await fetch(`${base}/metrics`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const text = await res.text();
  const buckets = [
    ...text.matchAll(/^doers_outbox_delivery_seconds_bucket\{le="([^"]+)"\} (\d+)/gm),
  ]
    .map(([, le, n]) => ({ le: le === '+Inf' ? Infinity : Number(le), n: Number(n) }))
    .sort((a, b) => a.le - b.le);
  const count = buckets.at(-1)?.n ?? 0;
  const pending = /^doers_outbox_pending (\S+)/m.exec(text)?.[1] ?? '?';
  const at = (q: number) => {
    const bound = buckets.find((b) => b.n >= q * count)?.le ?? NaN;
    return Number.isFinite(bound) ? `≤ ${digits(bound * 1000, 1)} ms` : '> 2.5 s';
  };
  return (
    `Outbox: ${digits(count)} events delivered, from commit to delivered p50 ${at(0.5)}, ` +
    `p99 ${at(0.99)}; ${pending} waiting at the end`
  );
}
