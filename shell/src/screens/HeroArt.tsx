/** The landing page's background blob: a soft tint of the theme colour. */
export function HeroBlob() {
  return (
    <svg className="landing-deco landing-deco-blob" viewBox="0 0 600 600" aria-hidden="true" focusable="false">
      <path
        className="hero-blob"
        d="M421 96c62 43 117 118 110 192-7 75-76 149-153 190s-163 48-226 9C89 448 49 365 57 288S121 140 193 96s166-43 228 0z"
      />
    </svg>
  );
}

/** The landing page's picture of a chart, in the page's colours (light or dark) and the theme colour. */
export function HeroChart() {
  return (
    <svg className="landing-deco landing-deco-chart" viewBox="0 0 480 320" fill="none" aria-hidden="true" focusable="false">
      <rect className="hero-card" x="8" y="8" width="464" height="304" rx="24" strokeWidth="2" />
      <path className="hero-grid" d="M40 80h400M40 140h400M40 200h400M40 260h400" strokeWidth="2" />
      <path className="hero-fill" d="M40 110 L90 124 L140 118 L190 150 L240 146 L290 178 L340 190 L390 214 L440 222 L440 270 L40 270 Z" />
      <path
        className="hero-line"
        d="M40 110 L90 124 L140 118 L190 150 L240 146 L290 178 L340 190 L390 214 L440 222"
        strokeWidth="5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <g className="hero-points" strokeWidth="4">
        <circle cx="90" cy="124" r="7" />
        <circle cx="190" cy="150" r="7" />
        <circle cx="290" cy="178" r="7" />
        <circle cx="390" cy="214" r="7" />
      </g>
      <path className="hero-goal" d="M40 60 H440" strokeWidth="3" strokeDasharray="10 10" />
    </svg>
  );
}
