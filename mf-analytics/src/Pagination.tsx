interface PaginationProps {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  /** What is paged, for screen readers: 'History pages', 'Averages pages'. */
  label: string;
}

/** First / Previous / 'Page n of m' / Next / Last under a long list. */
export function Pagination({ page, pages, onPage, label }: PaginationProps) {
  if (pages <= 1) return null;
  const atStart = page <= 1;
  const atEnd = page >= pages;
  return (
    <nav className="an-pagination" aria-label={label}>
      <button type="button" className="button" onClick={() => onPage(1)} disabled={atStart}>
        First
      </button>
      <button type="button" className="button" onClick={() => onPage(page - 1)} disabled={atStart}>
        Previous
      </button>
      <span className="an-page" role="status">
        Page {page} of {pages}
      </span>
      <button type="button" className="button" onClick={() => onPage(page + 1)} disabled={atEnd}>
        Next
      </button>
      <button type="button" className="button" onClick={() => onPage(pages)} disabled={atEnd}>
        Last
      </button>
    </nav>
  );
}
