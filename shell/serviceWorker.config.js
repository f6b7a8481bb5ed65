// The service worker's build: compiled after the shell (it lists the shell's files), then Workbox writes the list
// of the shell's build into it (self.__WB_MANIFEST) with each file's revision, so a new shell build installs anew.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { getManifest } from 'workbox-build';

const INJECTION_POINT = 'self.__WB_MANIFEST';

class InjectPrecacheList {
  constructor(distDir) {
    this.distDir = distDir;
  }
  apply(compiler) {
    compiler.hooks.afterEmit.tapPromise('InjectPrecacheList', async () => {
      const file = path.join(this.distDir, 'sw.js');
      const source = await readFile(file, 'utf8');
      if (!source.includes(INJECTION_POINT)) throw new Error(`sw.js: ${INJECTION_POINT} not found`);
      const { manifestEntries, warnings } = await getManifest({
        globDirectory: this.distDir,
        globPatterns: ['**/*.{js,css,svg,png,webmanifest}'],
        // the page is read network first (it names per route what to load); the worker and push handler update
        // themselves; maps and precompressed copies are never requested by the app
        globIgnores: ['sw.js', 'push-sw.js', '**/*.map', '**/*.br', '**/*.gz', 'boot-assets.json'],
        // names carrying a content hash are their own revision
        dontCacheBustURLsMatching: /\.[0-9a-f]{10}\./,
      });
      for (const w of warnings) console.warn(`sw.js: ${w}`);
      const list = manifestEntries.map((e) => ({ url: `/${e.url.replace(/^\//, '')}`, revision: e.revision }));
      await writeFile(file, source.replace(INJECTION_POINT, JSON.stringify(list)));
    });
  }
}

export function serviceWorkerConfig(dir, dependsOn) {
  const distDir = path.join(dir, 'dist');
  return {
    name: `${dependsOn}-service-worker`,
    dependencies: [dependsOn],
    context: dir,
    mode: 'production',
    target: 'webworker',
    devtool: false,
    entry: './src/sw/sw.ts',
    output: { path: distDir, filename: 'sw.js', clean: false },
    resolve: { extensions: ['.ts', '.js'] },
    module: {
      rules: [
        {
          test: /\.ts$/,
          loader: 'builtin:swc-loader',
          options: { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' } },
          type: 'javascript/auto',
        },
      ],
    },
    plugins: [new InjectPrecacheList(distDir)],
    stats: 'errors-warnings',
  };
}
