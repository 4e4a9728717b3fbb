import { configDefaults, defineConfig } from 'vitest/config';
import shared, { ISOLATED_TESTS } from './vitest.config';

/** The web app's test files that replace a module or install a global: each in a fresh module graph. */
export default defineConfig({
  ...shared,
  test: {
    ...shared.test,
    name: 'web-isolated',
    include: [ISOLATED_TESTS],
    exclude: configDefaults.exclude,
    isolate: true,
  },
});
