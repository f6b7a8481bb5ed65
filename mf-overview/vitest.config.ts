import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'mf-overview',
    environment: 'jsdom',
    // a screen rendered whole in jsdom takes a few hundred milliseconds; on a busy machine many times that
    testTimeout: 20_000,
    include: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.ts'],
    setupFiles: ['@app/kit/testing/setup'],
    passWithNoTests: true,
  },
});
