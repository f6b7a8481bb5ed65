// nginx for the topology: the config rendered from nginx.conf.template, run in the foreground as a child process
// under a prefix directory of its own (so the run owns its lifetime), reloaded with another set of API processes.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const TEMPLATE = path.join(import.meta.dirname, 'nginx.conf.template');
const MODULES = '/usr/lib/nginx/modules';
const BROTLI_MODULES = ['ngx_http_brotli_filter_module.so', 'ngx_http_brotli_static_module.so'];

export type NginxVars = {
  prefix: string;
  httpsPort: number;
  httpPort: number;
  serverName: string;
  cert: string;
  certKey: string;
  proxySecret: string;
  /** host:port of each API process */
  apiServers: string[];
  shellDist: string;
  /** remote key → its dist folder */
  remotes: Record<string, string>;
  /** folder holding remotes.json */
  staticDir: string;
  /** false when Debian's brotli modules are not installed: gzip only */
  brotli: boolean;
};

/** Fills the template; every {{NAME}} must be known, so a typo cannot reach nginx as text. */
export function renderNginxConfig(v: NginxVars, template = readFileSync(TEMPLATE, 'utf8')): string {
  const values: Record<string, string> = {
    LOAD_MODULES: v.brotli
      ? BROTLI_MODULES.map((m) => `load_module ${MODULES}/${m};`).join('\n')
      : '# brotli modules not installed: gzip only',
    BROTLI: v.brotli
      ? [
          '  brotli on;',
          '  brotli_static on;',
          '  brotli_comp_level 5;',
          '  brotli_min_length 1024;',
          '  brotli_types text/css application/javascript application/json image/svg+xml text/plain;',
        ].join('\n')
      : '',
    PREFIX: v.prefix,
    HTTPS_PORT: String(v.httpsPort),
    HTTP_PORT: String(v.httpPort),
    SERVER_NAME: v.serverName,
    CERT: v.cert,
    CERT_KEY: v.certKey,
    PROXY_SECRET: v.proxySecret,
    API_SERVERS: v.apiServers.map((s) => `    server ${s} max_fails=1 fail_timeout=5s;`).join('\n'),
    SHELL_DIST: v.shellDist,
    STATIC_DIR: v.staticDir,
    REMOTE_LOCATIONS: Object.entries(v.remotes)
      .map(([key, dir]) => `    location ^~ /remotes/${key}/ {\n      alias ${dir.replace(/\/?$/, '/')};\n    }`)
      .join('\n'),
  };
  if (!/^[A-Za-z0-9_-]+$/.test(v.proxySecret)) throw new Error('the proxy secret must be URL-safe base64');
  return template.replace(/\{\{([A-Z_]+)\}\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`nginx template: unknown {{${name}}}`);
    return value;
  });
}

export const brotliAvailable = () => BROTLI_MODULES.every((m) => existsSync(path.join(MODULES, m)));

export function nginxBinary(): string {
  for (const candidate of ['/usr/sbin/nginx', '/usr/bin/nginx']) if (existsSync(candidate)) return candidate;
  throw new Error('nginx is not installed: apt-get install -y nginx libnginx-mod-http-brotli-filter libnginx-mod-http-brotli-static');
}

export type Nginx = {
  configFile: string;
  /** Writes a new config, checks it (nginx -t) and reloads the running nginx. */
  reload(vars: NginxVars): Promise<void>;
  stop(): Promise<void>;
};

/** Writes a config under `prefix` (with the temp folders nginx wants there) and has nginx check it. */
export function writeNginxConfig(prefix: string, text: string): string {
  for (const dir of ['tmp/body', 'tmp/proxy', 'tmp/fastcgi', 'tmp/uwsgi', 'tmp/scgi'])
    mkdirSync(path.join(prefix, dir), { recursive: true });
  const file = path.join(prefix, 'nginx.conf');
  writeFileSync(file, text);
  const test = spawnSync(nginxBinary(), ['-t', '-q', '-p', prefix, '-c', file, '-g', 'daemon off;'], { encoding: 'utf8' });
  if (test.status !== 0) throw new Error(`nginx -t refused the config:\n${test.stderr}`);
  return file;
}

const writeConfig = (vars: NginxVars) => writeNginxConfig(vars.prefix, renderNginxConfig(vars));

/** nginx in the foreground on a checked config: a child of this process, stopped gracefully. */
export async function runNginx(prefix: string, file: string): Promise<{ child: ChildProcess; stop: () => Promise<void> }> {
  const child: ChildProcess = spawn(nginxBinary(), ['-p', prefix, '-c', file, '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d) => (stderr += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const pidFile = path.join(prefix, 'nginx.pid');
  for (let i = 0; i < 100 && !existsSync(pidFile); i++) {
    if (child.exitCode !== null) throw new Error(`nginx did not start: ${stderr}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const stop = async () => {
    if (child.exitCode !== null) return;
    child.kill('SIGQUIT');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
  };
  return { child, stop };
}

export async function startNginx(vars: NginxVars): Promise<Nginx> {
  const file = writeConfig(vars);
  const { child, stop } = await runNginx(vars.prefix, file);
  return {
    configFile: file,
    reload: async (next) => {
      writeConfig(next);
      child.kill('SIGHUP');
      // the old workers finish their requests; new ones read the new upstream list
      await new Promise((r) => setTimeout(r, 500));
    },
    stop,
  };
}
