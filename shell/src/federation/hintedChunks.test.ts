import { afterEach, describe, expect, it } from 'vitest';
import { chunkListOf, hintedChunksRun } from './hintedChunks';

const LIST = chunkListOf('mf_overview');
const win = window as unknown as Record<string, unknown>;

function hint(container: string, src: string): HTMLScriptElement {
  // a script element made by the test is never fetched by jsdom: only its events matter here
  const s = document.createElement('script');
  s.type = 'text/plain';
  s.dataset.remoteChunk = container;
  s.setAttribute('src', src);
  document.head.append(s);
  return s;
}

/** What a chunk's script does when it runs: registers in its remote's list. */
function run(script: HTMLScriptElement) {
  ((win[LIST] ??= []) as unknown[]).push([[script.src], {}]);
  script.dispatchEvent(new Event('load'));
}

async function settled(p: Promise<void>): Promise<boolean> {
  let done = false;
  void p.then(() => (done = true));
  await new Promise((r) => setTimeout(r, 0));
  return done;
}

/** jsdom's page has loaded by the time tests run: these pages are still loading. */
function loadingDocument(): Document {
  return new Proxy(document, {
    get: (target, key) => (key === 'readyState' ? 'interactive' : Reflect.get(target, key, target)),
  }) as Document;
}

afterEach(() => {
  document.head.querySelectorAll('script[data-remote-chunk]').forEach((s) => s.remove());
  delete win[LIST];
});

describe('the chunks a page ran ahead of its remote', () => {
  it('names the list each remote build registers its chunks in', () => {
    expect(chunkListOf('mf_analytics')).toBe('rspackChunkmf_analytics');
  });

  it('holds the remote back until every chunk the page named for it has run', async () => {
    const doc = loadingDocument();
    const [a, b] = [hint('mf_overview', '/remotes/overview/a.js'), hint('mf_overview', '/remotes/overview/b.js')];
    hint('mf_analytics', '/remotes/analytics/c.js');
    const waiting = hintedChunksRun('mf_overview', doc);
    expect(await settled(waiting)).toBe(false);
    run(a);
    expect(await settled(waiting)).toBe(false);
    run(b);
    expect(await settled(waiting)).toBe(true);
  });

  it('does not wait for chunks that ran before it was asked, nor on a page that named none', async () => {
    const doc = loadingDocument();
    run(hint('mf_overview', '/remotes/overview/a.js'));
    expect(await settled(hintedChunksRun('mf_overview', doc))).toBe(true);
    expect(await settled(hintedChunksRun('mf_settings', doc))).toBe(true);
  });

  it('stops waiting when a chunk fails to load, or when the page has loaded', async () => {
    const doc = loadingDocument();
    const a = hint('mf_overview', '/remotes/overview/a.js');
    hint('mf_overview', '/remotes/overview/b.js');
    const failed = hintedChunksRun('mf_overview', doc);
    a.dispatchEvent(new Event('error'));
    expect(await settled(failed)).toBe(true);

    const loaded = hintedChunksRun('mf_overview', doc);
    expect(await settled(loaded)).toBe(false);
    window.dispatchEvent(new Event('load'));
    expect(await settled(loaded)).toBe(true);
  });

  it('never waits once the page has finished loading: every script it named has run or failed by then', async () => {
    hint('mf_overview', '/remotes/overview/a.js');
    expect(document.readyState).toBe('complete');
    expect(await settled(hintedChunksRun('mf_overview'))).toBe(true);
  });
});
