// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useRetryFocus, type LoadPhase } from './useRetryFocus';

let settle: (phase: LoadPhase) => void = () => {};

function Screen({ first = 'failed' as LoadPhase }) {
  const [phase, setPhase] = useState<LoadPhase>(first);
  settle = setPhase;
  const focus = useRetryFocus(phase);
  return (
    <section>
      <h1 ref={focus.landing}>Overview</h1>
      {phase === 'loading' ? (
        <p role="status">Loading...</p>
      ) : phase === 'failed' ? (
        <button ref={focus.button} onClick={focus.retry(() => setPhase('loading'))}>
          Retry
        </button>
      ) : (
        <p>Cards</p>
      )}
      <input aria-label="Elsewhere" />
    </section>
  );
}

describe('useRetryFocus', () => {
  it('brings the focus back to Retry when the read fails again', () => {
    render(<Screen />);
    screen.getByRole('button', { name: 'Retry' }).focus();
    act(() => screen.getByRole('button', { name: 'Retry' }).click());
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(document.activeElement).toBe(document.body);
    act(() => settle('failed'));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Retry' }));
  });

  it("takes the focus to the screen's heading when the read succeeds", () => {
    render(<Screen />);
    act(() => screen.getByRole('button', { name: 'Retry' }).click());
    act(() => settle('ready'));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Overview' }));
  });

  it('leaves the focus where the user put it meanwhile', () => {
    render(<Screen />);
    act(() => screen.getByRole('button', { name: 'Retry' }).click());
    screen.getByRole('textbox', { name: 'Elsewhere' }).focus();
    act(() => settle('ready'));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Elsewhere' }));
  });

  it('does nothing for reads the user did not retry', () => {
    render(<Screen first="loading" />);
    act(() => settle('failed'));
    expect(document.activeElement).toBe(document.body);
    act(() => settle('ready'));
    expect(document.activeElement).toBe(document.body);
  });
});
