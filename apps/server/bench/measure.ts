import autocannon from 'autocannon';

/** A signed-in person the bench acts as. */
export type Auth = { token: string; userId: string };

/** One route as autocannon drives it. */
export type Target = {
  name: string;
  /** What a connection sends, in a loop: one request, or a check-in and its undo. */
  requests(client: number): { method: string; path: string; body?: string }[];
  auth?: Auth | Auth[];
  /** After each run: put things back for the next (a check-in left by a cut-off pair). */
  reset?(): Promise<void>;
};
export type Figures = { rps: number; p50: number; p99: number; bad: number; total: number };

/** Drives `target` on `base` for `duration` seconds with `connections` connections. */
export function measure(
  base: string,
  target: Target,
  duration: number,
  connections: number,
): Promise<Figures> {
  const url = new URL(base);
  const auths = target.auth === undefined ? [] : [target.auth].flat();
  let next = 0;
  return new Promise((ok, fail) => {
    autocannon(
      {
        url: base,
        connections,
        duration,
        setupClient(client) {
          const i = next++ % connections;
          const auth = auths.length ? auths[i % auths.length] : undefined;
          client.setRequests(
            target.requests(i).map((r) => ({
              method: r.method as 'GET',
              path: r.path,
              headers: {
                host: url.host,
                ...(auth ? { authorization: `Bearer ${auth.token}` } : {}),
                ...(r.body !== undefined ? { 'content-type': 'application/json' } : {}),
              },
              ...(r.body !== undefined ? { body: r.body } : {}),
            })),
          );
        },
      },
      (error, result) => {
        if (error) return fail(error);
        ok({
          rps: result.requests.total / result.duration,
          p50: result.latency.p50,
          p99: result.latency.p99,
          bad: result.non2xx + result.errors + result.timeouts,
          total: result.requests.total,
        });
      },
    );
  });
}
