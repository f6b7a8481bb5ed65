// Runs one autocannon measurement in its own process (the load generator must not share the
// server's event loop) and prints the result as one JSON line.
// Usage: node cannon-runner.mjs '<json: {url, connections, duration, method, headers, bodies?}>'
import autocannon from 'autocannon';

const spec = JSON.parse(process.argv[2]);
const url = new URL(spec.url);
if (url.hostname !== '127.0.0.1') throw new Error('loopback only');
let i = 0;
const request = { method: spec.method ?? 'GET', path: url.pathname + url.search, headers: spec.headers ?? {} };
if (spec.bodies?.length) request.setupRequest = (req) => ({ ...req, body: spec.bodies[i++ % spec.bodies.length] });
const cpuBefore = process.cpuUsage();
const result = await autocannon({
  url: url.origin,
  connections: spec.connections,
  duration: spec.duration,
  requests: [request],
  timeout: 10,
});
const out = {
  rps: result.requests.average,
  total: result.requests.total,
  p50: result.latency.p50,
  p99: result.latency.p99,
  mean: result.latency.average,
  errors: result.errors,
  timeouts: result.timeouts,
  non2xx: result.non2xx,
  ok: result['2xx'],
  bytesPerSec: result.throughput.average,
  // the load generator's own CPU time during the measurement, in seconds
  cpuSeconds: (({ user, system }) => (user + system) / 1e6)(process.cpuUsage(cpuBefore)),
};
process.stdout.write(JSON.stringify(out) + '\n');
