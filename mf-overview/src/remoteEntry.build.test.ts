// @vitest-environment node
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildProduction } from '../../rspack.shared.js';
import { app } from '../rspack.config.js';

const out = mkdtempSync(path.join(os.tmpdir(), 'remote-build-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

/** This remote's production build, as its rspack.config.js makes it (without its standalone page's runtime). */
async function buildRemote(): Promise<string> {
  await buildProduction(app, out);
  return readdirSync(out).find((f) => /^remoteEntry\.[0-9a-f]+\.js$/.test(f))!;
}

describe('a production remote’s entry', () => {
  it('borrows the shell’s runtime and leaves out the remote loading it never does', { timeout: 120_000 }, async () => {
    const entry = await buildRemote();
    const { sources } = JSON.parse(readFileSync(path.join(out, `${entry}.map`), 'utf8')) as { sources: string[] };
    const runtime = sources.filter((s) => s.startsWith('webpack://') && s.includes('node_modules/@module-federation/'));
    // the shell lends the runtime's core: only the bundler's glue is here, as ES modules the bundler could trim
    expect(runtime.some((s) => s.includes('/runtime-core/'))).toBe(false);
    expect(runtime.filter((s) => s.endsWith('.cjs'))).toEqual([]);
    expect(runtime.filter((s) => /webpack-bundler-runtime\/dist\/remotes\.js$/.test(s))).toEqual([]);
    // every page of the screen compiles and runs it: half what the CommonJS glue made it
    expect(statSync(path.join(out, entry)).size).toBeLessThan(32_000);
  });
});
