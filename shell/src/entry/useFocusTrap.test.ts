// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { makeOutsideInert, returnTarget } from './useFocusTrap';

/** jsdom lays nothing out: an element counts as hidden when it sits inside [hidden]. */
function layOut() {
  HTMLElement.prototype.checkVisibility = function (this: HTMLElement) {
    return this.closest('[hidden]') === null;
  };
}

afterEach(() => {
  delete (HTMLElement.prototype as Partial<HTMLElement>).checkVisibility;
  document.body.innerHTML = '';
});

describe('returnTarget', () => {
  it('is what opened the dialog while it is on the screen', () => {
    layOut();
    document.body.innerHTML = `<main></main><button id="open">Add Log</button>`;
    expect(returnTarget(document.getElementById('open'))?.id).toBe('open');
  });

  it("is the page's content when the opener is hidden, was removed, or was the page itself", () => {
    layOut();
    document.body.innerHTML = `<div hidden><button id="open">Add</button></div><main></main>`;
    expect(returnTarget(document.getElementById('open'))?.tagName).toBe('MAIN');
    expect(returnTarget(document.body)?.tagName).toBe('MAIN');
    const gone = document.createElement('button');
    expect(returnTarget(gone)?.tagName).toBe('MAIN');
    expect(returnTarget(null)?.tagName).toBe('MAIN');
  });
});

describe('makeOutsideInert', () => {
  it('makes the page beside the modal inert, keeps live regions, and says what it changed', () => {
    document.body.innerHTML = `<div id="root"><div id="app"><main>content</main></div><div id="backdrop"><div id="modal"></div></div><div id="toasts" aria-live="polite"></div></div><p id="outer"></p>`;
    const changed = makeOutsideInert(document.getElementById('modal')!);
    expect(changed.map((el) => el.id)).toEqual(['app', 'outer']);
    expect(document.getElementById('app')).toHaveAttribute('inert');
    expect(document.getElementById('toasts')).not.toHaveAttribute('inert');
    expect(document.getElementById('backdrop')).not.toHaveAttribute('inert');
  });
});
