import { useEffect, useState } from 'react';
import { focusElement, isShown } from '@app/kit';

const FRAMES_TO_WAIT_FOR_MAIN = 120;

/**
 * Where the keyboard was has gone with the page before (a form's button, a link in the phone's menu that folded away):
 * the new page's content takes focus, once it is there, instead of the document's top. Focus the user put somewhere
 * on the screen stays where it is.
 */
function settleFocus(framesLeft = FRAMES_TO_WAIT_FOR_MAIN) {
  const active = document.activeElement;
  if (active && active !== document.body && isShown(active)) return;
  const main = document.querySelector<HTMLElement>('main');
  if (!main) {
    if (framesLeft > 0) requestAnimationFrame(() => settleFocus(framesLeft - 1));
    return;
  }
  focusElement(main, { preventScroll: true });
}

/**
 * Says the new page's name when the app moves to another page (its title, which each screen sets), as a page load
 * would for a screen reader; and gives focus a place on it when it was lost on the way. The first title is the page
 * the browser loaded, which the browser announces itself.
 */
export function RouteAnnouncer() {
  const [message, setMessage] = useState('');
  useEffect(() => {
    // the page the browser loaded: its title, set now or soon by its screen, is not news
    let path = window.location.pathname;
    let title = document.title;
    const observer = new MutationObserver(() => {
      if (document.title === title) return;
      title = document.title;
      const now = window.location.pathname;
      if (now === path) return;
      path = now;
      setMessage(title);
      settleFocus();
    });
    observer.observe(document.head, { subtree: true, childList: true, characterData: true });
    return () => observer.disconnect();
  }, []);
  return (
    <p className="visually-hidden" aria-live="polite" aria-atomic="true" data-testid="route-announcer">
      {message}
    </p>
  );
}
