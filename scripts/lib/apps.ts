import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');

/** Every front-end deployable, with the file whose presence means "built". */
export const FRONTENDS = [
  { dir: 'shell', key: 'shell', marker: 'index.html' },
  { dir: 'mf-auth', key: 'auth', marker: 'mf-manifest.json' },
  { dir: 'mf-overview', key: 'overview', marker: 'mf-manifest.json' },
  { dir: 'mf-analytics', key: 'analytics', marker: 'mf-manifest.json' },
  { dir: 'mf-settings', key: 'settings', marker: 'mf-manifest.json' },
] as const;

export type Frontend = (typeof FRONTENDS)[number];
