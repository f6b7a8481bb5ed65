import { screenForPath } from '../screens/remoteRoutes';
import { prefetchScreen } from './remotes';

/**
 * Props for a link to a remote's screen that start loading that screen as a person heads for the link (the pointer
 * reaches it, a finger touches it, the keyboard focuses it). The remote's files then arrive on the way to the click,
 * and a first visit to the screen is drawn at once instead of after "Loading...". A remote that is down is only
 * asked for; the click still shows its panel.
 */
export function screenIntent(to: string): { onPointerEnter: () => void; onFocus: () => void } {
  const start = () => prefetchScreen(screenForPath(to));
  return { onPointerEnter: start, onFocus: start };
}
