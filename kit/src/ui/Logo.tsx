/** The product's mark, drawn inline so it takes the theme colour and the text colour on it. */
export function Logo({ size = 32 }: { size?: number }) {
  return (
    <svg className="logo" viewBox="0 0 64 64" width={size} height={size} aria-hidden="true" focusable="false">
      <rect className="logo-tile" width="64" height="64" rx="14" />
      <path
        className="logo-line"
        d="M14 40 L24 30 L32 36 L44 22 L50 26"
        fill="none"
        strokeWidth="5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle className="logo-dot" cx="50" cy="26" r="4" />
    </svg>
  );
}
