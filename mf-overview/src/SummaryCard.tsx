import type { ReactNode } from 'react';

interface Props {
  title: string;
  children: ReactNode;
  /** Replaces the grid-cell class 'ov-card' (the trend card is laid out as a card of its own kind). */
  className?: string;
}

/** The frame of one summary card: a titled panel whose body is the card's state. */
export function SummaryCard({ title, children, className = 'ov-card' }: Props) {
  const id = `ov-card-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <article className={`panel ${className}`} aria-labelledby={id}>
      <h3 id={id} className="ov-card-title">
        {title}
      </h3>
      {children}
    </article>
  );
}

/** 'No data available' / 'No goal set' inside a card. */
export function CardMessage({ children }: { children: ReactNode }) {
  return <p className="ov-card-empty muted">{children}</p>;
}
