import { defineConfig } from 'vitest/config';
export default defineConfig({
  test: { name: 'kit', environment: 'node', include: ['src/**/*.test.ts', 'src/**/*.test.tsx'], setupFiles: ['./src/test/setup.ts'] },
});
