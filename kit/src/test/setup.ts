// Shared by every kit test: jest-dom matchers, and DOM cleanup for the tests that render.
import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';

afterEach(async () => {
  // Node-environment suites have no DOM; loading React there would only slow them down.
  if (typeof document === 'undefined') return;
  const { cleanup } = await import('@testing-library/react');
  cleanup();
});
