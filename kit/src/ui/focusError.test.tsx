// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { useRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { focusFirstError, useFocusError } from './focusError';

describe('focusFirstError', () => {
  it('focuses the first field marked invalid, in the order of the page', () => {
    document.body.innerHTML = `<p role="alert">Try again</p><input id="a" aria-invalid="false"><input id="b" aria-invalid="true"><input id="c" aria-invalid="true">`;
    expect(focusFirstError(document.body)).toBe(true);
    expect(document.activeElement?.id).toBe('b');
  });

  it('focuses the alert when no field is at fault, making it focusable by script only', () => {
    document.body.innerHTML = `<input id="a"><p role="alert" id="msg">Email or password is incorrect</p>`;
    expect(focusFirstError(document.body)).toBe(true);
    const msg = document.getElementById('msg')!;
    expect(document.activeElement).toBe(msg);
    expect(msg.tabIndex).toBe(-1);
  });

  it('focuses the failure summary when there is neither a field at fault nor an alert, and not while it is empty', () => {
    document.body.innerHTML = `<input id="a"><p role="status" data-failure-summary id="sum"></p>`;
    expect(focusFirstError(document.body)).toBe(false);
    document.getElementById('sum')!.textContent = 'Your avatar was not saved: try saving again.';
    expect(focusFirstError(document.body)).toBe(true);
    expect(document.activeElement?.id).toBe('sum');
    document.body.insertAdjacentHTML('afterbegin', '<input id="bad" aria-invalid="true">');
    expect(focusFirstError(document.body)).toBe(true);
    expect(document.activeElement?.id).toBe('bad');
  });

  it('focuses the control that stands in for a field not seen (a file input behind its button)', () => {
    document.body.innerHTML = `<input type="file" id="file" aria-invalid="true" data-focus-instead="edit"><button id="edit">Edit</button>`;
    expect(focusFirstError(document.body)).toBe(true);
    expect(document.activeElement?.id).toBe('edit');
  });

  it('passes over fields in error on a hidden tab', () => {
    document.body.innerHTML = `<div hidden><input id="a" aria-invalid="true"></div><input id="b" aria-invalid="true">`;
    expect(focusFirstError(document.body)).toBe(true);
    expect(document.activeElement?.id).toBe('b');
  });

  it('leaves focus alone when there is no error', () => {
    document.body.innerHTML = `<input id="a">`;
    document.getElementById('a')!.focus();
    expect(focusFirstError(document.body)).toBe(false);
    expect(document.activeElement?.id).toBe('a');
  });
});

function Form() {
  const ref = useRef<HTMLFormElement>(null);
  const focusError = useFocusError(ref);
  const [error, setError] = useState(false);
  return (
    <main>
      {error && <p role="alert">Something went wrong</p>}
      <form ref={ref}>
        <input aria-label="Weight" aria-invalid={error} />
        <button
          type="button"
          onClick={() => {
            setError(true);
            focusError();
          }}
        >
          Save
        </button>
      </form>
    </main>
  );
}

describe('useFocusError', () => {
  it('focuses the first error once it is on the page, searching the form\u2019s page', () => {
    render(<Form />);
    const save = screen.getByRole('button', { name: 'Save' });
    save.focus();
    act(() => save.click());
    expect(screen.getByLabelText('Weight')).toHaveFocus();
  });
});
