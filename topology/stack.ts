// The production topology on this machine, under one temporary directory, on ports 48000-48999: PostgreSQL
// primary + streaming replica, N API processes, nginx in front with TLS and HTTP/2.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, chmodSync, cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startTestProvider } from '../api/src/test/oidc-provider';
import { startPgCluster, type PgCluster } from '../api/src/test/pg-cluster';
import { selfSignedCert } from '@app/server-kit/tls';
import { TEST_ID } from '../e2e/lib/ports';
import { remotesManifest, REMOTES } from '../shell/server/remotes';
import { ROOT } from '../scripts/lib/apps';
import { brotliAvailable, startNginx, type Nginx, type NginxVars } from './nginx';

export const PORTS = {
  https: 48443,
  http: 48080,
  apiFirst: 48101,
  primary: 48201,
  replica: 48202,
  oidc: [48300, 48349] as [number, number],
};
export const MAX_APIS = 3;

export type ApiProcess = { port: number; child: ChildProcess; log: string };

export type Topology = {
  dir: string;
  url: string;
  /** The shell's build as nginx serves it (a copy taken at start, as a deploy would ship it). */
  shellDist: string;
  /** PEM of the certificate nginx presents (for NODE_EXTRA_CA_CERTS). */
  certFile: string;
  /** base64 SHA-256 of the certificate's public key (Chromium's --ignore-certificate-errors-spki-list). */
  certSpki: string;
  mailFile: string;
  /** The OpenID Connect provider the API offers ("Continue with Test ID"), as the browser suite expects. */
  providerUrl: string;
  cluster: PgCluster;
  apis: (ApiProcess | undefined)[];
  nginx: Nginx;
  brotli: boolean;
  /** Balances /api over the first n API processes (starting any that are not running). */
  useApis(n: number): Promise<void>;
  startApi(i: number): Promise<ApiProcess>;
  stop(): Promise<void>;
};

export async function waitForUrl(url: string, timeoutMs: number, init?: { ca?: string }): Promise<void> {
  const end = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < end) {
    try {
      const res = await fetch(url, init as RequestInit);
      if (res.ok) return;
      last = `status ${res.status}`;
    } catch (err) {
      last = String(err);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not come up: ${last}`);
}

export async function startTopology(opts: { dir: string; apis: number }): Promise<Topology> {
  const { dir } = opts;
  mkdirSync(dir, { recursive: true });
  // the database servers run as the postgres user and must reach their folder inside this one
  chmodSync(dir, 0o711);
  const tls = selfSignedCert(dir);
  const url = `https://localhost:${PORTS.https}`;
  const proxySecret = randomBytes(24).toString('base64url');
  const jwtSecret = randomBytes(32).toString('base64url');
  const mailFile = path.join(dir, 'mail.jsonl');
  writeFileSync(mailFile, '');

  const provider = await startTestProvider({
    clientId: TEST_ID.clientId,
    clientSecret: TEST_ID.clientSecret,
    redirectUris: [`${url}/api/auth/external/${TEST_ID.id}/callback`],
    ports: PORTS.oidc,
    host: 'localhost',
  });
  const cluster = await startPgCluster({
    parent: dir,
    primaryPort: PORTS.primary,
    replicaPort: PORTS.replica,
    settings: { max_connections: '200' },
  });

  const apiEnv = {
    NODE_ENV: 'production',
    DATABASE_URL: cluster.primaryUrl,
    DATABASE_REPLICA_URLS: cluster.replicaUrl,
    JWT_SECRET: jwtSecret,
    TRUST_PROXY: 'loopback',
    PROXY_SECRET: proxySecret,
    ALLOWED_ORIGINS: url,
    PUBLIC_URL: url,
    DATA_DIR: path.join(dir, 'api-data'),
    // every read reaches the database (and so the replica): the drills and the throughput measure that path
    READ_CACHE_MB: '0',
    LOG_LEVEL: 'warn',
    MAIL_TRANSPORT: 'file',
    MAIL_FILE: mailFile,
    // the suites register and sign in many accounts from one address
    REGISTER_LIMIT_PER_IP: '100000',
    LOGIN_LIMIT_PER_IP: '100000',
    PASSWORD_RESET_LIMIT_PER_IP: '100000',
    AUTH_PROVIDERS: TEST_ID.id,
    AUTH_TESTID_NAME: TEST_ID.name,
    AUTH_TESTID_ISSUER: provider.issuer,
    AUTH_TESTID_CLIENT_ID: TEST_ID.clientId,
    AUTH_TESTID_CLIENT_SECRET: TEST_ID.clientSecret,
  };
  const apis: (ApiProcess | undefined)[] = [];
  const startApi = async (i: number): Promise<ApiProcess> => {
    const port = PORTS.apiFirst + i;
    const log = path.join(dir, `api-${i + 1}.log`);
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'api/src/main.ts')], {
      cwd: ROOT,
      env: { ...process.env, ...apiEnv, API_PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const write = (d: Buffer) => appendFileSync(log, d);
    child.stdout?.on('data', write);
    child.stderr?.on('data', write);
    const api = { port, child, log };
    apis[i] = api;
    // a busy machine may take a minute or more to compile and start it
    await waitForUrl(`http://127.0.0.1:${port}/api/health`, 180_000).catch((err: Error) => {
      const tail = existsSync(log) ? readFileSync(log, 'utf8').split('\n').slice(-15).join('\n') : '(no output)';
      throw new Error(`${err.message}\n--- ${path.basename(log)} ---\n${tail}`, { cause: err });
    });
    return api;
  };

  // the builds as a deploy ships them: copies, so a rebuild in the working tree cannot pull files from under the run
  const www = path.join(dir, 'www');
  cpSync(path.join(ROOT, 'shell/dist'), path.join(www, 'shell'), { recursive: true });
  for (const r of REMOTES) cpSync(path.join(ROOT, `mf-${r.key}`, 'dist'), path.join(www, r.key), { recursive: true });
  const vars = (n: number): NginxVars => ({
    prefix: path.join(dir, 'nginx'),
    httpsPort: PORTS.https,
    httpPort: PORTS.http,
    serverName: 'localhost',
    cert: tls.certFile,
    certKey: tls.keyFile,
    proxySecret,
    apiServers: Array.from({ length: n }, (_, i) => `127.0.0.1:${PORTS.apiFirst + i}`),
    shellDist: path.join(www, 'shell'),
    remotes: Object.fromEntries(REMOTES.map((r) => [r.key, path.join(www, r.key)])),
    staticDir: path.join(dir, 'static'),
    brotli: brotliAvailable(),
  });
  // /remotes.json as the shell's server would answer it with no REMOTE_* variables: every remote on this origin
  mkdirSync(path.join(dir, 'static'), { recursive: true });
  writeFileSync(path.join(dir, 'static', 'remotes.json'), JSON.stringify(remotesManifest({})));

  const stopApis = () =>
    Promise.all(
      apis.map(
        (a) =>
          a &&
          a.child.exitCode === null &&
          a.child.signalCode === null &&
          new Promise<void>((resolve) => {
            a.child.once('exit', () => resolve());
            a.child.kill('SIGTERM');
            setTimeout(() => (a.child.kill('SIGKILL'), resolve()), 12_000).unref();
          }),
      ),
    );
  let nginx: Nginx;
  try {
    // the first process migrates (under the advisory lock) before the others start
    await startApi(0);
    for (let i = 1; i < opts.apis; i++) await startApi(i);
    mkdirSync(path.join(dir, 'nginx'), { recursive: true });
    nginx = await startNginx(vars(opts.apis));
  } catch (err) {
    await stopApis();
    await cluster.destroy();
    throw err;
  }

  const topology: Topology = {
    dir,
    url,
    shellDist: path.join(www, 'shell'),
    certFile: tls.certFile,
    certSpki: tls.spki,
    mailFile,
    providerUrl: provider.issuer,
    cluster,
    apis,
    nginx,
    brotli: brotliAvailable(),
    startApi,
    useApis: async (n) => {
      for (let i = 0; i < n; i++) if (!apis[i] || apis[i]!.child.exitCode !== null || apis[i]!.child.signalCode) await startApi(i);
      await nginx.reload(vars(n));
    },
    stop: async () => {
      await nginx.stop();
      await stopApis();
      await cluster.destroy();
      await provider.close();
    },
  };
  return topology;
}
