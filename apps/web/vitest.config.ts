import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { buildInfoDefines } from './vite-build-info';

export default defineConfig({
  define: buildInfoDefines(fileURLToPath(new URL('./package.json', import.meta.url))),
  resolve: { dedupe: ['react', 'react-dom'] },
  test: {
    name: 'web',
    environment: 'node',
    // The build's own plugins' tests beside them (vite-*.test.ts).
    include: ['src/**/*.test.{ts,tsx}', '*.test.ts'],
    // Component tests choose happy-dom per file (`// @vitest-environment happy-dom`).
    setupFiles: ['src/test/setup.ts'],
    // A hang guard, not a speed check (as the server's 30 s and the journeys' 120 s, decision 068):
    // the booking page's component tests took 5.6 s of vitest's default 5 s on a loaded machine.
    testTimeout: 20_000,
    // A hang guard, not a speed check (decision 088): `expect.poll` waits up to 1 s by default, which a
    // browser or a worker on a slower, loaded CI machine can miss while the state it waits for is on
    // its way; a poll that is answered returns at once whatever this is.
    expect: { poll: { timeout: 10_000 } },
  },
});
