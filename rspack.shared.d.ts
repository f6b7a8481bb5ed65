// Types of rspack.shared.js for the TypeScript that reads what it builds (tests of the build's settings).
import type { Configuration } from '@rspack/core';

export interface AppOptions {
  dir: string;
  name: string;
  port: number;
  exposes?: Record<string, string>;
  isHost?: boolean;
  runtimePlugins?: string[];
  devServer?: object;
}

export function createConfig(
  app: AppOptions,
): (env: object, argv: { mode: 'production' | 'development' }) => Configuration | [Configuration, Configuration];
/** One app's production build into `outDir` (a remote's standalone-page runtime left out). */
export function buildProduction(app: AppOptions, outDir: string): Promise<void>;
export function sharedDependencies(): Record<string, object>;
export class HashedPageFiles {
  constructor(publicDir: string);
  apply(compiler: unknown): void;
}
