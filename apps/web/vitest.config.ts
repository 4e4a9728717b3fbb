import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { buildInfoDefines } from './vite-build-info';

export default defineConfig({
  define: buildInfoDefines(fileURLToPath(new URL('./package.json', import.meta.url))),
  resolve: { dedupe: ['react', 'react-dom'] },
  test: {
    name: 'web',
    environment: 'node',
    include: ['src/**/*.test.{ts,tsx}'],
    // Component tests choose happy-dom per file (`// @vitest-environment happy-dom`).
    setupFiles: ['src/test/setup.ts'],
  },
});
