import { Component, useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useDocumentTitle } from '@app/kit';
import { markStartup } from '../startupMarks';
import { loadedScreen, loadScreen, type ScreenModule } from './remotes';

type Props<P> = { id: string; props: P; title: string };

/**
 * A screen still loading after this long (a remote's server that accepted the connection and stalls, a CDN that does
 * not answer) offers Retry beside "Loading...", rather than leave the person waiting for the loader's own time limits.
 */
export const SLOW_SCREEN_MS = 10_000;

type State<P> = { id: string } & ({ status: 'loading' } | { status: 'ready'; module: ScreenModule<P> } | { status: 'unavailable' });

/**
 * Renders a remote's exposed screen, or a panel with Retry if it cannot be loaded or crashes. A screen whose module is
 * here already (loaded by the page's early start, ahead of its link's click, or on an earlier visit) is drawn in the
 * first render, not after a commit of "Loading...". The router keeps this component when one dashboard screen follows
 * another, so what it holds (the module, a crash, the retries) counts only for the screen it was for.
 */
export function RemoteScreen<P extends object>({ id, props, title }: Props<P>) {
  const [state, setState] = useState<State<P>>({ id, status: 'loading' });
  const [retries, setRetries] = useState({ id, count: 0 });
  const attempt = retries.id === id ? retries.count : 0;
  useDocumentTitle(title);
  const ready = attempt === 0 ? loadedScreen<P>(id) : undefined;

  useEffect(() => {
    if (ready) return;
    let cancelled = false;
    setState({ id, status: 'loading' });
    loadScreen<P>(id, attempt > 0).then((module) => {
      if (cancelled) return;
      setState(module ? { id, status: 'ready', module } : { id, status: 'unavailable' });
    });
    return () => {
      cancelled = true;
    };
  }, [id, attempt, ready]);

  const retry = useCallback(() => setRetries((r) => ({ id, count: (r.id === id ? r.count : 0) + 1 })), [id]);

  const shown: State<P> = ready ? { id, status: 'ready', module: ready } : state.id === id ? state : { id, status: 'loading' };
  const loading = shown.status === 'loading';
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    setSlow(false);
    if (!loading) return;
    const timer = setTimeout(() => setSlow(true), SLOW_SCREEN_MS);
    return () => clearTimeout(timer);
  }, [loading, id, attempt]);
  // the page's first screen is on the page (committed): the last of the start-up milestones
  const drawn = shown.status === 'ready';
  useLayoutEffect(() => {
    if (drawn) markStartup('screen');
  }, [drawn]);
  if (shown.status === 'loading') {
    return (
      <>
        <div className="screen-loading" role="status">
          Loading...
        </div>
        {slow && (
          <p className="screen-slow">
            {title} is taking longer than usual to load.{' '}
            <button type="button" className="button" onClick={retry}>
              Retry
            </button>
          </p>
        )}
      </>
    );
  }
  // after a Retry that failed again, the focus (on Retry, gone while it loaded) goes back to the panel
  if (shown.status === 'unavailable') return <RemoteUnavailablePanel title={title} onRetry={retry} takeFocus={attempt > 0} />;
  const Screen = shown.module.default;
  return (
    <ScreenErrorBoundary key={`${id} ${attempt}`} fallback={<RemoteUnavailablePanel title={title} onRetry={retry} />}>
      <Screen {...props} />
    </ScreenErrorBoundary>
  );
}

export function RemoteUnavailablePanel({ title, onRetry, takeFocus = false }: { title: string; onRetry: () => void; takeFocus?: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (takeFocus) heading.current?.focus();
  }, [takeFocus]);
  return (
    <section className="remote-unavailable" role="alert" aria-labelledby="remote-unavailable-title">
      {/* in place of the screen, whose own heading is the page's h1 */}
      <h1 ref={heading} tabIndex={-1} id="remote-unavailable-title">
        {title} is unavailable right now
      </h1>
      <p>This screen could not be loaded. The rest of the app still works; try again in a moment.</p>
      <button type="button" className="button button-primary" onClick={onRetry}>
        Retry
      </button>
    </section>
  );
}

class ScreenErrorBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: unknown) {
    console.error('[shell] a remote screen crashed:', error);
  }
  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
