/** Set on a stylesheet while it loads; a remote's style loader waits for a link that carries it. */
const LOADING = 'data-rspack-loading';

/**
 * Applies the stylesheets the page preloaded for `container`'s screen (`data-remote-style`, from the server's route
 * hints) now, while the shell starts, instead of when the remote asks for them: the remote's style loader finds each
 * link already in the page by its URL and takes it over (waiting for it while it still loads), where it would
 * otherwise add it and hold the screen back one more trip to the cache. Added by script, the links do not hold back
 * the first paint. Each is added once, at the end of the body.
 */
export function applyHintedStyles(container: string, doc: Document = document): void {
  const hints = [...doc.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="style"][data-remote-style]')].filter(
    (l) => l.dataset.remoteStyle === container,
  );
  for (const hint of hints) {
    // the remote's loader matches the URL as written, against its own absolute public path
    const href = hint.href;
    const applied = [...doc.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].some((l) => l.href === href);
    if (applied) continue;
    const link = doc.createElement('link');
    link.rel = 'stylesheet';
    link.setAttribute('href', href);
    link.setAttribute(LOADING, '1');
    // the remote's loader chains its own handlers after these when it finds the link still loading; one that failed
    // is taken away, so the loader tries again itself and fails the screen if it must, never shows it unstyled
    link.onload = () => link.removeAttribute(LOADING);
    link.onerror = () => link.remove();
    // after everything in the head: the shell's own stylesheets, added there later, still come first in the cascade,
    // as they did when the remote added its own at the head's end once the shell had booted
    (doc.body ?? doc.head).append(link);
  }
}
