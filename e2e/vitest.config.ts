import { defineConfig } from 'vitest/config';

// Browser tests: the production builds served by `npm start`'s servers, driven in Debian Chromium.
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['tests/**/*.e2e.ts'],
    globalSetup: ['./lib/globalSetup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // a page that updates after a render, a refetch or a save can take more than a second on a slow machine
    expect: { poll: { timeout: 10_000, interval: 50 } },
  },
});
