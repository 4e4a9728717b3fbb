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
    hookTimeout: 60_000,
  },
});
