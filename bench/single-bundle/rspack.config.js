// Bench-only: the shell and every remote screen as ONE ordinary (non-federated) bundle, built from the
// same source files with the same compiler settings as rspack.shared.js, to measure what runtime
// composition costs. The shell's entry is used as is (its early reads, then shell/src/bootstrap.tsx, in one
// script: no async boundary is needed without federation); only its federation module
// (shell/src/federation/remotes.ts) is replaced by static-screens.ts.
import path from 'node:path';
import rspack from '@rspack/core';
import { HashedPageFiles } from '../../rspack.shared.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SHELL = path.join(ROOT, 'shell');
const REMOTES_MODULE = path.join(SHELL, 'src/federation/remotes');
const STAND_IN = path.join(import.meta.dirname, 'static-screens.ts');

function swcRule(test, tsx) {
  return {
    test,
    exclude: /node_modules[\\/](?!@app[\\/])/,
    loader: 'builtin:swc-loader',
    options: { jsc: { parser: { syntax: 'typescript', tsx }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' } },
    type: 'javascript/auto',
  };
}

export default {
  context: SHELL,
  mode: 'production',
  devtool: 'source-map',
  entry: { main: [path.join(import.meta.dirname, 'early-reads.ts'), path.join(SHELL, 'src/bootstrap.tsx')] },
  output: {
    path: path.join(import.meta.dirname, 'dist'),
    publicPath: '/',
    filename: 'assets/[name].[contenthash:10].js',
    chunkFilename: 'assets/[name].[contenthash:10].js',
    cssFilename: 'assets/[name].[contenthash:10].css',
    cssChunkFilename: 'assets/[name].[contenthash:10].css',
    assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
    clean: true,
  },
  resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs', '.json'] },
  module: {
    rules: [
      swcRule(/\.tsx$/, true),
      swcRule(/\.ts$/, false),
      { test: /\.css$/, type: 'css/auto' },
      { test: /\.(png|jpe?g|webp|svg|gif)$/, type: 'asset/resource' },
    ],
  },
  plugins: [
    new rspack.NormalModuleReplacementPlugin(/remotes$/, (resource) => {
      if (path.resolve(resource.context, resource.request) === REMOTES_MODULE) resource.request = STAND_IN;
    }),
    new rspack.HtmlRspackPlugin({ template: path.join(SHELL, 'index.html'), publicPath: '/' }),
    // the shell's page as the shell builds it: its skeleton's stylesheet and its icon named by content
    new HashedPageFiles(path.join(SHELL, 'public')),
    new rspack.CopyRspackPlugin({ patterns: [{ from: path.join(SHELL, 'public'), noErrorOnMissing: true }] }),
    new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify('production') }),
  ],
  optimization: { minimize: true },
  performance: { hints: false },
  stats: 'errors-warnings',
};
