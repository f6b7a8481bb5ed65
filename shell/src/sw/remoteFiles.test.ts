import { describe, expect, it } from 'vitest';
import { isDeployPointer, isHashedAsset, remoteFiles } from './remoteFiles';

describe('remoteFiles', () => {
  const manifest = {
    metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } },
    shared: [{ assets: { js: { sync: ['assets/173.7c5b3fa6bf.js'], async: [] }, css: { sync: [], async: [] } } }],
    exposes: [
      {
        assets: {
          js: { sync: ['assets/1.aaaaaaaaaa.js', 'assets/173.7c5b3fa6bf.js'], async: ['assets/2.bbbbbbbbbb.js'] },
          css: { sync: ['assets/s.cccccccccc.css'] },
        },
      },
    ],
  };

  it('lists the remote entry and every chunk once, beside the manifest when its publicPath is auto', () => {
    expect(remoteFiles('http://x.test/remotes/overview/mf-manifest.json', manifest)).toEqual([
      'http://x.test/remotes/overview/remoteEntry.js',
      'http://x.test/remotes/overview/assets/173.7c5b3fa6bf.js',
      'http://x.test/remotes/overview/assets/1.aaaaaaaaaa.js',
      'http://x.test/remotes/overview/assets/2.bbbbbbbbbb.js',
      'http://x.test/remotes/overview/assets/s.cccccccccc.css',
    ]);
  });

  it('follows a publicPath the manifest names, and an entry in a sub-folder', () => {
    const named = { ...manifest, metaData: { publicPath: 'https://cdn.test/ov/', remoteEntry: { name: 'remoteEntry.js', path: 'js' } } };
    const files = remoteFiles('http://x.test/remotes/overview/mf-manifest.json', named);
    expect(files[0]).toBe('https://cdn.test/ov/js/remoteEntry.js');
    expect(files[1]).toBe('https://cdn.test/ov/assets/173.7c5b3fa6bf.js');
  });

  it('copes with a manifest that lists nothing', () => {
    expect(remoteFiles('http://x.test/m.json', {})).toEqual([]);
  });
});

describe('cache policy by path', () => {
  it('hashed assets are kept, deploy pointers are revalidated', () => {
    expect(isHashedAsset('/remotes/overview/assets/173.7c5b3fa6bf.js')).toBe(true);
    expect(isHashedAsset('/remotes/overview/remoteEntry.js')).toBe(false);
    expect(isDeployPointer('/remotes.json')).toBe(true);
    expect(isDeployPointer('/remotes/settings/mf-manifest.json')).toBe(true);
    expect(isDeployPointer('/remotes/settings/remoteEntry.js')).toBe(true);
    expect(isDeployPointer('/assets/main.0123456789.js')).toBe(false);
  });
});
