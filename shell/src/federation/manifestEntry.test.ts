import { describe, expect, it } from 'vitest';
import { entryFromManifest, isEntryManifest, isManifestEntry } from './manifestEntry';

const PAGE = 'https://weight.example/dashboard/overview';
const manifest = (remoteEntry: { name: string; path?: string }, publicPath = 'auto') => ({ metaData: { publicPath, remoteEntry } });

describe('a remote listed at its manifest', () => {
  it('tells a manifest from a remote entry script', () => {
    expect(isManifestEntry('/remotes/overview/mf-manifest.json')).toBe(true);
    expect(isManifestEntry('https://cdn.example/overview/mf-manifest.json?v=3')).toBe(true);
    expect(isManifestEntry('/remotes/overview/remoteEntry.3fed7bd7cf.js')).toBe(false);
    expect(isManifestEntry('/remotes/overview/json.js')).toBe(false);
  });

  it('finds the entry beside a manifest built for any public path', () => {
    const m = manifest({ name: 'remoteEntry.3fed7bd7cf.js', path: '' });
    expect(entryFromManifest('/remotes/overview/mf-manifest.json', m, PAGE)).toBe(
      'https://weight.example/remotes/overview/remoteEntry.3fed7bd7cf.js',
    );
    expect(entryFromManifest('https://cdn.example/overview/v2/mf-manifest.json', m, PAGE)).toBe(
      'https://cdn.example/overview/v2/remoteEntry.3fed7bd7cf.js',
    );
  });

  it('follows the folder the manifest names for its entry', () => {
    const m = manifest({ name: 'remoteEntry.js', path: 'static/js' });
    expect(entryFromManifest('/remotes/analytics/mf-manifest.json', m, PAGE)).toBe(
      'https://weight.example/remotes/analytics/static/js/remoteEntry.js',
    );
  });

  it('puts the entry under a fixed public path when the remote was built for one', () => {
    const m = manifest({ name: 'remoteEntry.js' }, 'https://static.example/settings/');
    expect(entryFromManifest('/remotes/settings/mf-manifest.json', m, PAGE)).toBe('https://static.example/settings/remoteEntry.js');
  });

  it('reads only documents that name an entry', () => {
    expect(isEntryManifest(manifest({ name: 'remoteEntry.js' }))).toBe(true);
    for (const bad of [null, {}, { metaData: {} }, { metaData: { remoteEntry: { name: '' } } }, '<html>']) {
      expect(isEntryManifest(bad)).toBe(false);
    }
  });
});
