import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { dedupe: ['react', 'react-dom'] },
  test: {
    name: 'web',
    environment: 'node',
    include: ['src/**/*.test.{ts,tsx}'],
    // Component tests choose happy-dom per file (`// @vitest-environment happy-dom`).
    setupFiles: ['src/test/setup.ts'],
  },
});
