import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The server's files share their worker's module cache; the few that replace a module run in
    // `server-isolated` (decision 085). The web app's stay isolated: its modules add strings to the
    // i18n instance each file's setup starts afresh, so a shared cache lost them (a Khmer page with
    // an English button).
    projects: [
      'packages/shared',
      'apps/server/vitest.config.ts',
      'apps/server/vitest.isolated.config.ts',
      'apps/web',
    ],
    // Vitest's default is one worker fewer than the cores: one worker on the 2-core CI machine, while
    // the main process mostly waits. Each file has a database of its own, so two files at a time are
    // safe and nearly halve the run there (decision 068).
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
