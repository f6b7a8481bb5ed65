// @vitest-environment node
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildProduction } from '../../../rspack.shared.js';
import { app } from '../../rspack.config.js';

const out = mkdtempSync(path.join(os.tmpdir(), 'shell-build-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

/** The shell's production build, as shell/rspack.config.js makes it, into a folder of its own. */
async function buildShell(): Promise<string> {
  await buildProduction(app, out);
  return readdirSync(path.join(out, 'assets')).find((f) => /^main\.[0-9a-f]+\.js$/.test(f))!;
}

describe('the federation runtime in the shell’s first script', () => {
  it('is there once, as ES modules, without the manifest handling the shell does not use', { timeout: 120_000 }, async () => {
    const main = await buildShell();
    const { sources } = JSON.parse(readFileSync(path.join(out, 'assets', `${main}.map`), 'utf8')) as { sources: string[] };
    const runtime = sources.filter((s) => s.includes('node_modules/@module-federation/'));
    expect(runtime.some((s) => s.includes('/runtime-core/'))).toBe(true);
    // one build of it: a CommonJS copy beside the ES one would be a second runtime on the page
    expect(runtime.filter((s) => s.endsWith('.cjs'))).toEqual([]);
    expect(runtime.filter((s) => /generate-preload-assets|plugins\/snapshot\/index/.test(s))).toEqual([]);
  });
});
