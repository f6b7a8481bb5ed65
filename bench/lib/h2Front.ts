// The two builds behind Debian's nginx speaking HTTP/2 over TLS, for the Slow 3G loads: the shell's own server speaks
// HTTP/1.1, where a browser opens at most six connections to a host and every further file waits for one to free; a
// deployment serves the page over HTTP/2 (README, Beyond one machine), one connection carrying every request.
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { selfSignedCert } from '@app/server-kit/tls';
import { runNginx, writeNginxConfig } from '../../topology/nginx';

export interface H2Front {
  /** https://localhost:<port> in front of each upstream, in the order given */
  origins: string[];
  /** the certificate's key hash, for Chromium's --ignore-certificate-errors-spki-list */
  spki: string;
  /** the certificate itself (PEM), for a client that trusts it by name */
  certFile: string;
  stop(): Promise<void>;
}

/** One `listen … ssl http2` server per upstream port, proxying everything to it as the browser asked for it. */
export function h2FrontConfig(
  prefix: string,
  cert: { certFile: string; keyFile: string },
  fronts: Array<{ port: number; upstream: number }>,
): string {
  const servers = fronts.map(
    ({ port, upstream }) => `
  server {
    listen 127.0.0.1:${port} ssl http2;
    ssl_certificate ${cert.certFile};
    ssl_certificate_key ${cert.keyFile};
    location / {
      proxy_pass http://127.0.0.1:${upstream};
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host localhost:${port};
      proxy_buffering off;
    }
  }`,
  );
  return `worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${prefix}/tmp/body;
  proxy_temp_path ${prefix}/tmp/proxy;
  fastcgi_temp_path ${prefix}/tmp/fastcgi;
  uwsgi_temp_path ${prefix}/tmp/uwsgi;
  scgi_temp_path ${prefix}/tmp/scgi;
${servers.join('\n')}
}
`;
}

/** Answers once `origin` serves a page over TLS with this certificate. */
async function waitForTls(origin: string, ca: string, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < end) {
    const status = await new Promise<number | string>((resolve) => {
      const req = request(`${origin}/`, { ca, timeout: 2000 }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', (e) => resolve(e.message));
      req.end();
    });
    if (status === 200) return;
    last = String(status);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${origin} did not answer over TLS: ${last}`);
}

/** Starts nginx in front of `upstreams` on `firstPort`, `firstPort + 1`, …; stop() removes its folder. */
export async function startH2Front(upstreams: number[], firstPort: number): Promise<H2Front> {
  const prefix = mkdtempSync(path.join(os.tmpdir(), 'bench-h2-'));
  try {
    const cert = selfSignedCert(prefix);
    const fronts = upstreams.map((upstream, i) => ({ port: firstPort + i, upstream }));
    const file = writeNginxConfig(prefix, h2FrontConfig(prefix, cert, fronts));
    const nginx = await runNginx(prefix, file);
    const origins = fronts.map((f) => `https://localhost:${f.port}`);
    try {
      for (const origin of origins) await waitForTls(origin, cert.cert);
    } catch (err) {
      await nginx.stop();
      throw err;
    }
    return {
      origins,
      spki: cert.spki,
      certFile: cert.certFile,
      stop: async () => {
        await nginx.stop();
        rmSync(prefix, { recursive: true, force: true });
      },
    };
  } catch (err) {
    rmSync(prefix, { recursive: true, force: true });
    throw err;
  }
}
