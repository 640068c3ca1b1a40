// The image's HEALTHCHECK: exits 0 while this container's server answers /api/health/live
// (the process runs and its event loop turns), 1 otherwise. Node, not curl: the slim image has
// no curl, and this is the same check wherever Node runs.
const port = process.env.PORT || '3000';
const timeout = AbortSignal.timeout(3000);
try {
  const res = await fetch(`http://127.0.0.1:${port}/api/health/live`, { signal: timeout });
  process.exit(res.ok ? 0 : 1);
} catch {
  process.exit(1);
}
