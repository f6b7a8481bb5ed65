// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { useRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useFocusKeeper } from './useFocusKeeper';

const firstButton = (root: HTMLElement) => root.querySelector('button');

function Devices({ initial }: { initial: string[] }) {
  const [devices, setDevices] = useState(initial);
  const ref = useRef<HTMLElement>(null);
  useFocusKeeper(ref, firstButton);
  return (
    <section ref={ref}>
      <ul>
        {devices.map((d) => (
          <li key={d}>
            {/* removed later, as when the server's list comes back */}
            <button onClick={() => setTimeout(() => setDevices((all) => all.filter((x) => x !== d)), 0)}>Remove {d}</button>
          </li>
        ))}
      </ul>
      <p>Devices</p>
    </section>
  );
}

const flush = () => act(() => new Promise((resolve) => setTimeout(resolve, 5)));

/** Two devices and a field elsewhere; Remove Phone pressed from the keyboard (its button has the focus). */
function removeFocusedPhone() {
  render(
    <>
      <Devices initial={['Phone', 'Laptop']} />
      <input aria-label="Elsewhere" />
    </>,
  );
  const phone = screen.getByRole('button', { name: 'Remove Phone' });
  phone.focus();
  act(() => phone.click());
  return phone;
}

describe('useFocusKeeper', () => {
  it("moves the focus to the container's next control when the focused one leaves the page", async () => {
    const phone = removeFocusedPhone();
    await flush();
    expect(phone.isConnected).toBe(false);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove Laptop' }));
  });

  it('leaves a focus the user moved elsewhere', async () => {
    removeFocusedPhone();
    screen.getByRole('textbox', { name: 'Elsewhere' }).focus();
    await flush();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Elsewhere' }));
  });

  it('does nothing when what leaves did not have the focus', async () => {
    render(<Devices initial={['Phone', 'Laptop']} />);
    act(() => screen.getByRole('button', { name: 'Remove Phone' }).click());
    await flush();
    expect(document.activeElement).toBe(document.body);
  });
});
