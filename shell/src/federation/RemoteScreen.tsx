import { Component, useCallback, useEffect, useState, type ReactNode } from 'react';
import { useDocumentTitle } from '@app/kit';
import { loadScreen, type ScreenModule } from './remotes';

type Props<P> = { id: string; props: P; title: string };

type State<P> = { status: 'loading' } | { status: 'ready'; module: ScreenModule<P> } | { status: 'unavailable' };

/** Renders a remote's exposed screen, or a panel with Retry if it cannot be loaded or crashes. */
export function RemoteScreen<P extends object>({ id, props, title }: Props<P>) {
  const [state, setState] = useState<State<P>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useDocumentTitle(title);

  useEffect(() => {
    let cancelled = false;
    setState({ status: 'loading' });
    loadScreen<P>(id, attempt > 0).then((module) => {
      if (cancelled) return;
      setState(module ? { status: 'ready', module } : { status: 'unavailable' });
    });
    return () => {
      cancelled = true;
    };
  }, [id, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  if (state.status === 'loading') {
    return (
      <div className="screen-loading" role="status">
        Loading...
      </div>
    );
  }
  if (state.status === 'unavailable') return <RemoteUnavailablePanel title={title} onRetry={retry} />;
  const Screen = state.module.default;
  return (
    <ScreenErrorBoundary key={attempt} fallback={<RemoteUnavailablePanel title={title} onRetry={retry} />}>
      <Screen {...props} />
    </ScreenErrorBoundary>
  );
}

export function RemoteUnavailablePanel({ title, onRetry }: { title: string; onRetry: () => void }) {
  return (
    <section className="remote-unavailable" role="alert" aria-labelledby="remote-unavailable-title">
      <h2 id="remote-unavailable-title">{title} is unavailable right now</h2>
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
