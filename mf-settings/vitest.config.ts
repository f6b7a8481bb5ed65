import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'mf-settings',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.ts'],
    setupFiles: ['@app/kit/testing/setup'],
    passWithNoTests: true,
  },
});
