import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'api',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // one migrated PGlite per worker, cloned per suite (src/test/harness.ts): module state must survive across files
    isolate: false,
    hookTimeout: 60_000,
    testTimeout: 30_000,
  },
});
