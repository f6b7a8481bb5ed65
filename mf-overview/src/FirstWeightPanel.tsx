interface Props {
  onLog: () => void;
}

/** What a new user sees first: an invitation, not an error. */
export function FirstWeightPanel({ onLog }: Props) {
  return (
    <section className="panel ov-welcome" aria-labelledby="ov-welcome-title">
      <h2 id="ov-welcome-title">Log your first weight</h2>
      <p className="muted">Your summary, graph and goal progress fill in as soon as you add an entry.</p>
      <button type="button" className="button button-primary" onClick={onLog}>
        Log weight
      </button>
    </section>
  );
}
