import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import { buildInfoDefines } from './vite-build-info';

/**
 * The files of a worker share its module cache; the `*.isolated.test.*` files (a module replaced
 * with `vi.mock`, a fake IndexedDB installed globally) run in vitest.isolated.config.ts (decision 085).
 */
export const ISOLATED_TESTS = 'src/**/*.isolated.test.{ts,tsx}';

export default defineConfig({
  define: buildInfoDefines(fileURLToPath(new URL('./package.json', import.meta.url))),
  resolve: { dedupe: ['react', 'react-dom'] },
  test: {
    name: 'web',
    environment: 'node',
    include: ['src/**/*.test.{ts,tsx}'],
    exclude: [...configDefaults.exclude, ISOLATED_TESTS],
    isolate: false,
    // Component tests choose happy-dom per file (`// @vitest-environment happy-dom`).
    setupFiles: ['src/test/setup.ts'],
    // A hang guard, not a speed check (as the server's 30 s and the journeys' 120 s, decision 068):
    // the booking page's component tests took 5.6 s of vitest's default 5 s on a loaded machine.
    testTimeout: 20_000,
  },
});
