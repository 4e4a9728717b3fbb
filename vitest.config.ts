import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/server', 'apps/web'],
    // Vitest's default is one worker fewer than the cores: one worker on the 2-core CI machine, while
    // the main process mostly waits. Each file has a database of its own, so two files at a time are
    // safe and nearly halve the run there (decision 068).
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
