import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Pagination } from './Pagination';

function Paged({ pages, start = 1 }: { pages: number; start?: number }) {
  const [page, setPage] = useState(start);
  return <Pagination page={page} pages={pages} onPage={setPage} label="History pages" />;
}

describe('Pagination', () => {
  it('reaching the last page by keyboard moves the focus to Previous, not to the top of the page', async () => {
    const user = userEvent.setup();
    render(<Paged pages={13} />);
    screen.getByRole('button', { name: 'Last' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('status')).toHaveTextContent('Page 13 of 13');
    expect(screen.getByRole('button', { name: 'Last' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous' })).toHaveFocus();
  });

  it('reaching the first page moves the focus to Next; a page between keeps it on the button pressed', async () => {
    const user = userEvent.setup();
    render(<Paged pages={3} start={3} />);
    screen.getByRole('button', { name: 'Previous' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('status')).toHaveTextContent('Page 2 of 3');
    expect(screen.getByRole('button', { name: 'Previous' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('status')).toHaveTextContent('Page 1 of 3');
    expect(screen.getByRole('button', { name: 'Next' })).toHaveFocus();
  });

  it('shows nothing for a single page', () => {
    const { container } = render(<Paged pages={1} />);
    expect(container).toBeEmptyDOMElement();
  });
});
