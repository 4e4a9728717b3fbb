import { configDefaults, defineProject } from 'vitest/config';

/** The files of a worker share its module cache; the `*.isolated.test.ts` files run in vitest.isolated.config.ts (decision 085). */
export const ISOLATED_TESTS = 'src/**/*.isolated.test.ts';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ISOLATED_TESTS],
    isolate: false,
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 30_000,
    // A hang guard, not a speed check (decision 088): `expect.poll` waits up to 1 s by default, which a
    // browser or a worker on a slower, loaded CI machine can miss while the state it waits for is on
    // its way; a poll that is answered returns at once whatever this is.
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 60_000,
  },
});
