/**
 * The list a remote's chunks register themselves in when they run: `output.chunkLoadingGlobal` in rspack.shared.js,
 * the same for every app's build.
 */
export function chunkListOf(container: string): string {
  return `rspackChunk${container}`;
}

/**
 * Resolves once the chunks the page named for `container` (its `data-remote-chunk` scripts, from the server's route
 * hints) have run, so the remote is started after them. Started before, its chunk loader asks for them again under
 * its own absolute URLs, which it does not match with the page's scripts, and runs each a second time; a chunk run
 * twice on a first visit leaves the browser a code cache of its top level only, and on the next visit every function
 * in it is compiled again while the screen draws. A chunk whose script failed does not hold the remote back: its
 * error ends the wait, as does the page's load (every script the page named has finished by then).
 */
export function hintedChunksRun(container: string, doc: Document = document, win: Window = window): Promise<void> {
  const scripts = [...doc.querySelectorAll<HTMLScriptElement>('script[data-remote-chunk]')].filter(
    (s) => s.dataset.remoteChunk === container,
  );
  const ran = () => {
    const list = (win as unknown as Record<string, unknown>)[chunkListOf(container)];
    return (Array.isArray(list) ? list.length : 0) >= scripts.length;
  };
  if (!scripts.length || ran() || doc.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => {
    const finish = () => {
      for (const s of scripts) {
        s.removeEventListener('load', onLoad);
        s.removeEventListener('error', finish);
      }
      win.removeEventListener('load', finish);
      resolve();
    };
    const onLoad = () => {
      if (ran()) finish();
    };
    for (const s of scripts) {
      s.addEventListener('load', onLoad);
      s.addEventListener('error', finish);
    }
    win.addEventListener('load', finish);
  });
}
