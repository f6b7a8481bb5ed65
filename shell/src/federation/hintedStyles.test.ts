import { afterEach, describe, expect, it } from 'vitest';
import { applyHintedStyles } from './hintedStyles';

function hint(container: string, href: string): HTMLLinkElement {
  const l = document.createElement('link');
  l.rel = 'preload';
  l.setAttribute('as', 'style');
  l.dataset.remoteStyle = container;
  l.setAttribute('href', href);
  document.head.append(l);
  return l;
}

const applied = () => [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')];

afterEach(() => {
  document.querySelectorAll('link').forEach((l) => l.remove());
});

describe('the styles a page preloaded for its first screen', () => {
  it('are applied for that screen’s remote only, at the absolute URL its style loader looks for, marked as loading', () => {
    hint('mf_overview', '/remotes/overview/assets/expose.r1.css');
    hint('mf_analytics', '/remotes/analytics/assets/expose.r1.css');
    applyHintedStyles('mf_overview');
    expect(applied().map((l) => [l.getAttribute('href'), l.getAttribute('data-rspack-loading')])).toEqual([
      [`${location.origin}/remotes/overview/assets/expose.r1.css`, '1'],
    ]);
  });

  it('come after the shell’s own stylesheets, however late the shell adds those to the head', () => {
    hint('mf_overview', '/remotes/overview/assets/expose.r1.css');
    applyHintedStyles('mf_overview');
    const kit = document.createElement('link');
    kit.rel = 'stylesheet';
    kit.setAttribute('href', '/assets/kit.css');
    document.head.append(kit);
    expect(applied().map((l) => new URL(l.href).pathname)).toEqual(['/assets/kit.css', '/remotes/overview/assets/expose.r1.css']);
  });

  it('are applied once, however often the screen is asked for', () => {
    hint('mf_overview', '/remotes/overview/assets/expose.r1.css');
    applyHintedStyles('mf_overview');
    applyHintedStyles('mf_overview');
    expect(applied()).toHaveLength(1);
  });

  it('tell the remote’s loader when they have loaded, and leave it to try again when they failed', () => {
    hint('mf_overview', '/remotes/overview/assets/a.css');
    hint('mf_overview', '/remotes/overview/assets/b.css');
    applyHintedStyles('mf_overview');
    const [a, b] = applied();
    a!.dispatchEvent(new Event('load'));
    expect(a!.hasAttribute('data-rspack-loading')).toBe(false);
    b!.dispatchEvent(new Event('error'));
    expect(applied()).toEqual([a]);
  });

  it('add nothing on a page without hints for the remote', () => {
    hint('mf_analytics', '/remotes/analytics/assets/expose.r1.css');
    applyHintedStyles('mf_overview');
    expect(applied()).toEqual([]);
  });
});
