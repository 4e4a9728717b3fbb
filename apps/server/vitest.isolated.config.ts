import { configDefaults, defineProject } from 'vitest/config';
import shared, { ISOLATED_TESTS } from './vitest.config';

/** The server's test files that replace a module (`vi.mock`): each in a fresh module graph, as by default. */
export default defineProject({
  ...shared,
  test: {
    ...shared.test,
    name: 'server-isolated',
    include: [ISOLATED_TESTS],
    exclude: configDefaults.exclude,
    isolate: true,
  },
});
