import { describe, expect, it } from 'vitest';
import {
  earlierBuildFiles,
  EARLIER_BUILD_KEPT_MS,
  entriesInPage,
  isDeployPointer,
  isHashedAsset,
  manifestBeside,
  remoteFiles,
} from './remoteFiles';

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

  describe('earlierBuildFiles', () => {
    const at = Date.UTC(2026, 11, 1);
    const old = at - EARLIER_BUILD_KEPT_MS - 1;
    const url = 'http://x.test/remotes/overview/mf-manifest.json';
    const file = (path: string, cachedAt: number | null = old) => ({ url: `http://x.test${path}`, cachedAt });

    it("drops a remote's replaced build once it has been cached a week, and nothing of its current build", () => {
      const cached = [
        file('/remotes/overview/assets/173.7c5b3fa6bf.js'),
        file('/remotes/overview/assets/1.aaaaaaaaaa.js'),
        file('/remotes/overview/assets/1.0123456789.js'),
        file('/remotes/overview/assets/s.9876543210.css'),
        file('/remotes/overview/assets/3.dddddddddd.js', at - 60_000),
        file('/remotes/overview/assets/4.eeeeeeeeee.js', null),
      ];
      expect(earlierBuildFiles(cached, url, manifest, at)).toEqual([
        'http://x.test/remotes/overview/assets/1.0123456789.js',
        'http://x.test/remotes/overview/assets/s.9876543210.css',
      ]);
    });

    it("leaves other remotes', the shell's and not content-named files alone", () => {
      const cached = [
        file('/remotes/analytics/assets/1.0123456789.js'),
        file('/assets/main.0123456789.js'),
        file('/remotes/overview/remoteEntry.js'),
        file('/remotes/overview/mf-manifest.json'),
      ];
      expect(earlierBuildFiles(cached, url, manifest, at)).toEqual([]);
    });

    it('drops nothing for a manifest that lists nothing, or a remote served from the site root', () => {
      const cached = [file('/remotes/overview/assets/1.0123456789.js'), file('/assets/9.0123456789.js')];
      expect(earlierBuildFiles(cached, url, {}, at)).toEqual([]);
      expect(earlierBuildFiles(cached, 'http://x.test/mf-manifest.json', manifest, at)).toEqual([]);
    });

    it('follows a publicPath the manifest names', () => {
      const named = { ...manifest, metaData: { publicPath: 'https://cdn.test/ov/', remoteEntry: { name: 'remoteEntry.js' } } };
      const cached = [
        { url: 'https://cdn.test/ov/assets/1.0123456789.js', cachedAt: old },
        { url: 'https://cdn.test/ov/assets/1.aaaaaaaaaa.js', cachedAt: old },
      ];
      expect(earlierBuildFiles(cached, url, named, at)).toEqual(['https://cdn.test/ov/assets/1.0123456789.js']);
    });
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

describe('entriesInPage', () => {
  const page = (json: string) =>
    `<!doctype html><head><script defer src="/assets/main.1.js"></script><script type="application/json" id="remotes">${json}</script></head>`;

  it('reads the entry of every remote the page names, as full URLs', () => {
    const json = JSON.stringify({
      remotes: [
        { name: 'mf_overview', entry: '/remotes/overview/remoteEntry.5cdddf919c.js' },
        { name: 'mf_auth', entry: 'https://cdn.test/auth/remoteEntry.78c077c996.js' },
      ],
      path: '/dashboard/overview',
    });
    expect(entriesInPage(page(json), 'http://x.test/dashboard/overview')).toEqual([
      'http://x.test/remotes/overview/remoteEntry.5cdddf919c.js',
      'https://cdn.test/auth/remoteEntry.78c077c996.js',
    ]);
  });

  it('finds nothing in a page without the list, with a broken one, or with entries that are not text', () => {
    expect(entriesInPage('<html><body>offline</body></html>', 'http://x.test/')).toEqual([]);
    expect(entriesInPage(page('{"remotes":'), 'http://x.test/')).toEqual([]);
    expect(entriesInPage(page('{"remotes":{}}'), 'http://x.test/')).toEqual([]);
    expect(entriesInPage(page('{"remotes":[{"entry":7},null]}'), 'http://x.test/')).toEqual([]);
  });
});

describe('manifestBeside', () => {
  it('is the mf-manifest.json in the entry’s folder', () => {
    expect(manifestBeside('http://x.test/remotes/overview/remoteEntry.5cdddf919c.js')).toBe(
      'http://x.test/remotes/overview/mf-manifest.json',
    );
  });
});
