// The baseline of `npm run bench`: a bare node:http server that answers every URL with a fixed
// JSON body, as big as the real server's answer to the same URL. Run as its own process:
//   PORT=… BENCH_BODIES='{"GET /api/health":90,…}' node --import tsx apps/server/bench/bare-server.ts
import { createServer } from 'node:http';

const sizes = JSON.parse(process.env.BENCH_BODIES ?? '{}') as Record<string, number>;

/** A JSON object of exactly `size` bytes (at least the braces and one key). */
function jsonOfSize(size: number): Buffer {
  const frame = '{"pad":""}';
  return Buffer.from(`{"pad":"${'x'.repeat(Math.max(0, size - frame.length))}"}`);
}

const bodies = new Map(Object.entries(sizes).map(([route, size]) => [route, jsonOfSize(size)]));
const fallback = jsonOfSize(64);

const server = createServer((request, response) => {
  const body = bodies.get(`${request.method} ${request.url}`) ?? fallback;
  // Read the request to its end, as a real handler would, before answering.
  request.resume();
  request.on('end', () => {
    response.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': body.length,
    });
    response.end(body);
  });
});

server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const address = server.address();
  console.log(`bare node:http listening on ${typeof address === 'object' ? address?.port : ''}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
