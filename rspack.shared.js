// One factory for every app's Rspack config, so the shell and the remotes can never disagree on
// how TypeScript is compiled or which dependencies are negotiated as singletons at runtime.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import rspack from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';

const require = createRequire(import.meta.url);
const STANDALONE_RUNTIME = path.join(import.meta.dirname, 'rspack.standalone-runtime.js');
const STANDALONE_RUNTIME_FILE = 'federation-runtime.js';
const rootPkg = require('./package.json');
const kitPkg = require('./kit/package.json');

/**
 * The federation runtime as ES modules, where the plugin would bundle its CommonJS build: only then can the bundler
 * leave out what an app never runs: in the shell, the manifest and preloading code (`disableSnapshot`), a quarter of
 * its first script; in a production remote, which borrows the shell's runtime, the code that loads remotes
 * (`disableRemote`), half of its remoteEntry.js, which every page of its screen compiles and runs. Every entry point
 * that pulls it in is mapped, or the page would carry both builds.
 */
const RUNTIME_AS_ESM = Object.fromEntries(
  [
    '@module-federation/webpack-bundler-runtime',
    '@module-federation/inject-external-runtime-core-plugin',
    '@module-federation/runtime',
  ].map((name) => {
    const cjs = require.resolve(name);
    return [cjs, cjs.replace(/\.cjs$/, '.js')];
  }),
);

/** The version every app must agree on: root `overrides`, else kit's exact pin. */
function pinned(name) {
  const version = rootPkg.overrides?.[name] ?? kitPkg.dependencies?.[name];
  if (!version) throw new Error(`rspack.shared.js: no pinned version for shared dependency ${name}`);
  return version;
}

function singleton(name, version = pinned(name)) {
  return { singleton: true, requiredVersion: version, version, strictVersion: false };
}

/**
 * Dependencies shared across the page. React needs the trailing-slash keys as well
 * (`react/jsx-runtime`, `react-dom/client`), or React 19 loads twice and fails with #527.
 * `@app/kit` is shared too: its Redux store, API slice and dialog actions must be one instance.
 * zod, chart.js, react-chartjs-2, date-fns, react-router, Redux Toolkit and react-redux are reached
 * only through kit, so they are not negotiated on their own: as shared modules they would ship whole
 * (every zod locale, every chart type, every router and Redux API), where inside kit's chunks they keep only what is
 * used, and stay one instance because kit is.
 * The wire contract (`@app/contract`) is not shared: it holds no state, only rules and schemas, so each app bundles
 * the part it uses. Shared, it would be one module, and every page would build every schema of the API at start-up.
 * Nothing is eager: the shell's main.js carries only the federation runtime, and each shared module arrives as a
 * script of its own (named in the page, so they download with main.js), each run in a task of its own rather than
 * one long task that keeps a phone from answering a tap.
 */
export function sharedDependencies() {
  const kit = singleton('@app/kit', kitPkg.version);
  const dep = (name) => singleton(name, pinned(name));
  return {
    react: dep('react'),
    'react/': dep('react'),
    'react-dom': dep('react-dom'),
    'react-dom/': dep('react-dom'),
    '@app/kit': kit,
    '@app/kit/graph': kit,
    '@app/kit/styles.css': kit,
    // not `@app/kit/`: kit's early reads (`@app/kit/early`) run in the shell's first script, before any shared module
    // can load, so they are bundled there, not shared
  };
}

/**
 * A remote's chunks: an exposed screen arrives as one file (not split with the remote's standalone page), and a
 * shared module it brings itself (the graph) as one file beside it, not one per package inside it. Modules its
 * shared modules have in common still get a chunk of their own, so none is downloaded twice.
 */
const REMOTE_CHUNKS = {
  chunks: (chunk) => !chunk.name?.startsWith('__federation_expose_'),
  cacheGroups: { defaultVendors: false },
};

/**
 * The shell's start-up code in a few scripts of moderate size, each run in a task of its own: React; the router;
 * Redux; kit with its date and colour libraries. Fewer would make one long task a phone cannot answer a tap during;
 * more would be more requests for the same bytes.
 */
const HOST_CHUNKS = {
  cacheGroups: {
    react: { test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, name: 'react', chunks: 'async', priority: 30, enforce: true },
    router: {
      test: /[\\/]node_modules[\\/](react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/,
      name: 'router',
      chunks: 'async',
      priority: 20,
      enforce: true,
    },
    state: {
      test: /[\\/]node_modules[\\/](@reduxjs|@standard-schema|redux|redux-thunk|immer|reselect|react-redux|use-sync-external-store)[\\/]/,
      name: 'state',
      chunks: 'async',
      priority: 20,
      enforce: true,
    },
    kit: {
      test: /[\\/](kit[\\/]src|node_modules[\\/](date-fns|culori|@app[\\/]kit))[\\/]/,
      name: 'kit',
      chunks: 'async',
      priority: 10,
      enforce: true,
    },
    // the contract's plain rules kit uses (units, dates, the trend); its schemas stay with the code that checks with them,
    // or loading kit would load zod
    contract: {
      test: /[\\/]contract[\\/]src[\\/](units|limits|text|dates|calendar|trend|forecast)\.ts$/,
      name: 'kit',
      chunks: 'async',
      priority: 10,
      enforce: true,
    },
    defaultVendors: false,
  },
};

function swcRule(test, tsx) {
  return {
    test,
    // kit is consumed as TypeScript source through its workspace symlink, so it must be compiled too.
    exclude: /node_modules[\\/](?!@app[\\/])/,
    loader: 'builtin:swc-loader',
    options: {
      jsc: {
        parser: { syntax: 'typescript', tsx },
        transform: { react: { runtime: 'automatic' } },
        target: 'es2022',
      },
    },
    type: 'javascript/auto',
  };
}

/**
 * @param {object} app
 * @param {string} app.dir            the app's folder (import.meta.dirname)
 * @param {string} app.name           federation container name, a JS identifier (mf_overview)
 * @param {number} app.port           dev-server port
 * @param {Record<string,string>} [app.exposes]
 * @param {boolean} [app.isHost]      the shell: publicPath '/', history fallback, runtime remotes
 * @param {string[]} [app.runtimePlugins]
 * @param {object} [app.devServer]    extra dev-server options (proxy, middlewares)
 */
export function createConfig(app) {
  return (_env, argv) => {
    const production = argv.mode === 'production';
    const borrowsRuntime = production && !app.isHost;
    const config = {
      name: app.name,
      context: app.dir,
      mode: production ? 'production' : 'development',
      devtool: production ? 'source-map' : 'cheap-module-source-map',
      entry: { main: './src/index.ts' },
      output: {
        path: path.join(app.dir, 'dist'),
        // Deep links like /dashboard/overview must still load /main.js, so the host uses '/';
        // remotes use 'auto' so they work from whatever URL (proxy path or CDN) they are served at.
        publicPath: app.isHost ? '/' : 'auto',
        uniqueName: app.name,
        // Named here, not left to the bundler's default: the shell starts a remote once the chunks its page ran ahead
        // have registered in this list (shell/src/federation/hintedChunks.ts).
        chunkLoadingGlobal: `rspackChunk${app.name}`,
        filename: production ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
        chunkFilename: production ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
        cssFilename: production ? 'assets/[name].[contenthash:10].css' : 'assets/[name].css',
        cssChunkFilename: production ? 'assets/[name].[contenthash:10].css' : 'assets/[name].css',
        assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.js', '.mjs', '.json'],
        alias: app.isHost || borrowsRuntime ? RUNTIME_AS_ESM : {},
      },
      module: {
        rules: [
          swcRule(/\.tsx$/, true),
          swcRule(/\.ts$/, false),
          { test: /\.css$/, type: 'css/auto' },
          { test: /\.(png|jpe?g|webp|svg|gif)$/, type: 'asset/resource' },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name: app.name,
          // Named by its content in production, like every chunk: a reload takes it from the browser's cache instead of
          // asking the remote's server again; the manifest, always revalidated, names the current one.
          filename: production ? 'remoteEntry.[contenthash:10].js' : 'remoteEntry.js',
          exposes: app.exposes ?? {},
          remotes: {},
          shared: sharedDependencies(),
          shareStrategy: 'loaded-first',
          runtimePlugins: app.runtimePlugins ?? [],
          manifest: true,
          // The type plugin downloads archives and hangs offline; types come from the workspace.
          dts: false,
          // One copy of the federation runtime on the page: the shell provides it, remotes built for production
          // use it (their remoteEntry.js halves). Dev builds keep their own, so a remote's dev server stands alone.
          // Only browsers run these bundles (the Node script loader stays out), and a remote loads no remotes of its own.
          // The shell registers each remote at its remoteEntry.js (read from the manifest itself when the page did not name
          // it: federation/manifestEntry.ts), so its runtime goes without the manifest handling.
          experiments: {
            ...(app.isHost ? { provideExternalRuntime: true } : { externalRuntime: borrowsRuntime }),
            optimization: { target: 'web', disableRemote: borrowsRuntime, disableSnapshot: app.isHost },
          },
        }),
        new rspack.HtmlRspackPlugin({
          template: path.join(app.dir, 'index.html'),
          // A remote's standalone page must not load the federation runtime twice.
          chunks: ['main'],
          // a remote's standalone page sits at the root of its own server: its scripts are beside it
          publicPath: app.isHost ? '/' : './',
        }),
        borrowsRuntime && new StandaloneRuntimeTag(),
        app.isHost && new HashedPageFiles(path.join(app.dir, 'public')),
        app.isHost && new BootAssetsManifest(),
        app.isHost && new EntryFirst(),
        new rspack.CopyRspackPlugin({ patterns: [{ from: 'public', noErrorOnMissing: true }] }),
        new rspack.DefinePlugin({
          'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development'),
        }),
      ].filter(Boolean),
      optimization: { minimize: production && !process.env.NO_MINIFY, splitChunks: app.isHost ? HOST_CHUNKS : REMOTE_CHUNKS },
      performance: { hints: false },
      devServer: {
        port: app.port,
        host: '127.0.0.1',
        hot: true,
        historyApiFallback: true,
        headers: app.isHost ? {} : { 'Access-Control-Allow-Origin': '*' },
        // a remote's standalone page calls the API through its own dev server, as the shell's page does
        ...(app.isHost
          ? {}
          : { proxy: [{ context: ['/api'], target: process.env.API_UPSTREAM ?? `http://127.0.0.1:${process.env.API_PORT ?? 4000}` }] }),
        // The hot-reload socket follows the page's own host (localhost, 127.0.0.1 or a LAN name). A remote's connects to its
        // own dev server: on the shell's it would hear the shell's builds, ask itself for updates it never made and
        // reload the page, again and again.
        client: { overlay: { warnings: false }, webSocketURL: app.isHost ? 'auto://0.0.0.0:0/ws' : `auto://0.0.0.0:${app.port}/ws` },
        ...app.devServer,
      },
      stats: 'errors-warnings',
    };
    return borrowsRuntime ? [config, standaloneRuntimeConfig(app)] : config;
  };
}

/**
 * One app's production build into `outDir`, not its dist/ (a remote's standalone-page runtime left out): for the tests
 * that read what a build makes.
 * @param {Parameters<typeof createConfig>[0]} app
 * @param {string} outDir
 */
export async function buildProduction(app, outDir) {
  const built = createConfig(app)({}, { mode: 'production' });
  const config = Array.isArray(built) ? built[0] : built;
  const compiler = rspack({ ...config, output: { ...config.output, path: outDir } });
  try {
    await new Promise((resolve, reject) =>
      compiler.run((err, stats) => (err || stats?.hasErrors() ? reject(err ?? new Error(stats.toString())) : resolve())),
    );
  } finally {
    await new Promise((resolve) => compiler.close(resolve));
  }
}

/**
 * A production remote leaves the federation runtime out (the shell lends it); its standalone page, run without the
 * shell, loads this separately compiled copy first. Built after the remote, whose build empties dist/.
 */
function standaloneRuntimeConfig(app) {
  return {
    name: `${app.name}-standalone-runtime`,
    dependencies: [app.name],
    context: app.dir,
    mode: 'production',
    devtool: false,
    entry: STANDALONE_RUNTIME,
    output: { path: path.join(app.dir, 'dist'), filename: STANDALONE_RUNTIME_FILE, clean: false },
    stats: 'errors-warnings',
  };
}

/**
 * Writes boot-assets.json: the files of the chunks the shell's entry imports behind its async boundary (the app
 * itself, beside the shared modules its mf-manifest.json lists), so its server can name them in the page and the
 * browser fetches them with main.js instead of after it; and the files only the app's own lazy imports load (the
 * entry dialog), which the manifest lists among kit's but no page needs to start.
 */
class BootAssetsManifest {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('BootAssetsManifest', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'BootAssetsManifest', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const stats = compilation.getStats().toJson({ all: false, chunks: true, chunkOrigins: true });
        const filesOf = (chunks) => chunks.flatMap((c) => c.files).filter((f) => /\.(js|css)$/.test(f));
        const files = filesOf(stats.chunks.filter((c) => !c.initial && c.origins.some((o) => o.request === './bootstrap')));
        // a shared module's chunks are requested by the federation runtime (no relative request); an import() in the
        // app's own code names a file
        const lazy = filesOf(
          stats.chunks.filter((c) => !c.initial && c.origins.every((o) => o.request?.startsWith('.') && o.request !== './bootstrap')),
        );
        compilation.emitAsset('boot-assets.json', new rspack.sources.RawSource(JSON.stringify({ files, lazy })));
      });
    });
  }
}

/**
 * The shell's page also names the chunks its route needs (preloads, which the browser fetches at high priority);
 * its entry script is deferred, which alone would make it the last to arrive on a slow link, though it runs first.
 */
class EntryFirst {
  apply(compiler) {
    compiler.hooks.compilation.tap('EntryFirst', (compilation) => {
      rspack.HtmlRspackPlugin.getCompilationHooks(compilation).alterAssetTags.tapPromise('EntryFirst', async (data) => {
        for (const tag of data.assetTags.scripts) tag.attributes.fetchpriority = 'high';
        return data;
      });
    });
  }
}

/**
 * The page's own files from public/ — the skeleton's stylesheet, drawn before any script, and the tab's icon — linked
 * under a name that changes with their content, like every chunk: a reload takes them from the browser's cache.
 * Named as is, each load asked the server again: a round trip before the first paint for the stylesheet, and for the
 * icon, which the browser asks for once the page has loaded, an answer that landed while the screen was drawing its
 * chart. Each file stays under its own name too, for pages saved before a deploy.
 */
export class HashedPageFiles {
  /** @param {string} publicDir */
  constructor(publicDir) {
    this.publicDir = publicDir;
  }

  apply(compiler) {
    compiler.hooks.compilation.tap('HashedPageFiles', (compilation) => {
      rspack.HtmlRspackPlugin.getCompilationHooks(compilation).beforeEmit.tapPromise('HashedPageFiles', async (data) => {
        data.html = data.html.replace(
          /(<link rel="(?:stylesheet|icon)" href=")\/([\w-]+)\.(css|png|svg)(")/g,
          (link, open, name, ext, close) => {
            let bytes;
            try {
              bytes = readFileSync(path.join(this.publicDir, `${name}.${ext}`));
            } catch {
              return link;
            }
            const file = `assets/${name}.${createHash('sha256').update(bytes).digest('hex').slice(0, 10)}.${ext}`;
            if (!compilation.getAsset(file)) compilation.emitAsset(file, new rspack.sources.RawSource(bytes));
            return `${open}/${file}${close}`;
          },
        );
        return data;
      });
    });
  }
}

/** Puts the standalone runtime's script before the remote's own on its standalone page. */
class StandaloneRuntimeTag {
  apply(compiler) {
    compiler.hooks.compilation.tap('StandaloneRuntimeTag', (compilation) => {
      rspack.HtmlRspackPlugin.getCompilationHooks(compilation).alterAssetTags.tapPromise('StandaloneRuntimeTag', async (data) => {
        data.assetTags.scripts.unshift({
          tagName: 'script',
          attributes: { defer: true, src: `./${STANDALONE_RUNTIME_FILE}` },
          voidTag: false,
        });
        return data;
      });
    });
  }
}
