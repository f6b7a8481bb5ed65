import { useEffect, useRef } from 'react';

interface PaginationProps {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  /** What is paged, for screen readers: 'History pages', 'Averages pages'. */
  label: string;
}

/**
 * First / Previous / 'Page n of m' / Next / Last under a long list. Reaching either end disables the button pressed:
 * the focus then moves to the button that leads back, instead of falling to the top of the page.
 */
export function Pagination({ page, pages, onPage, label }: PaginationProps) {
  const previousRef = useRef<HTMLButtonElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  const refocus = useRef<'previous' | 'next' | null>(null);
  useEffect(() => {
    const to = refocus.current;
    refocus.current = null;
    if (to) (to === 'previous' ? previousRef : nextRef).current?.focus();
  }, [page]);
  if (pages <= 1) return null;
  const atStart = page <= 1;
  const atEnd = page >= pages;
  const go = (to: number) => {
    // only when the pressed button held the focus: a click elsewhere leaves the focus where it is
    const pressedHasFocus = document.activeElement?.closest('.an-pagination') != null;
    if (pressedHasFocus) refocus.current = to >= pages ? 'previous' : to <= 1 ? 'next' : null;
    onPage(to);
  };
  return (
    <nav className="an-pagination" aria-label={label}>
      <button type="button" className="button" onClick={() => go(1)} disabled={atStart}>
        First
      </button>
      <button ref={previousRef} type="button" className="button" onClick={() => go(page - 1)} disabled={atStart}>
        Previous
      </button>
      <span className="an-page" role="status">
        Page {page} of {pages}
      </span>
      <button ref={nextRef} type="button" className="button" onClick={() => go(page + 1)} disabled={atEnd}>
        Next
      </button>
      <button type="button" className="button" onClick={() => go(pages)} disabled={atEnd}>
        Last
      </button>
    </nav>
  );
}
