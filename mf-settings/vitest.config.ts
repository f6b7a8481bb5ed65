import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'mf-settings',
    environment: 'jsdom',
    // a screen rendered whole in jsdom takes a few hundred milliseconds; on a busy machine many times that
    testTimeout: 20_000,
    include: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.ts'],
    setupFiles: ['@app/kit/testing/setup'],
    passWithNoTests: true,
    // every test renders with a store of its own and the DOM is cleaned after each: the files share one worker's
    // modules instead of loading React, kit and jsdom again per file (a suite several times as fast)
    isolate: false,
  },
});
