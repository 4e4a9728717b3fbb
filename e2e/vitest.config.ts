import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    root: fileURLToPath(new URL('..', import.meta.url)),
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    // One migrated and seeded data folder per run; each journey's server starts on a copy (decision 068).
    globalSetup: ['e2e/support/data-template.ts'],
    // One server and one browser per file, two files at a time: a journey spends most of its time
    // waiting on the browser and the network, so a second one fills the idle core (decision 068).
    fileParallelism: true,
    maxWorkers: 2,
    // A hang guard, not a speed check: the longest journeys take ~30 s on a quiet machine and ~55 s
    // when two run beside a loaded machine, too close to 60 s.
    testTimeout: 120_000,
    // A hang guard, not a speed check (decision 088): `expect.poll` waits up to 1 s by default, which a
    // browser or a worker on a slower, loaded CI machine can miss while the state it waits for is on
    // its way; a poll that is answered returns at once whatever this is.
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 180_000,
  },
});
