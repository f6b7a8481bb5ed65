import { defineConfig } from 'vitest/config';

// Unit tests of the bench's own arithmetic; the measurements themselves run with `npm run bench`.
export default defineConfig({
  test: { name: 'bench', environment: 'node', include: ['lib/**/*.test.ts'] },
});
