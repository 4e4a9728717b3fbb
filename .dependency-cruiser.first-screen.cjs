/**
 * The first screen's static imports (issue #17, decision 064), checked by `npm run lint`: what
 * the entry and Home import statically is fetched before the first screen draws, and must stay
 * within 100 KB on the wire (bench/bundle.ts). Dynamic imports are left out of this cruise — they
 * are how the rest loads later — so `reachable` here means "on the first screen's wire".
 */
const base = require('./.dependency-cruiser.cjs');

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'first-screen-without-page-code',
      comment:
        "The entry and Home never reach, through static imports, the page providers (TanStack Query, antd-mobile's ConfigProvider), the shell services (push bridge, upgrade popup, agreement prompt, call ring) or zod: they load after the first screen, with the pages and parts that need them (decision 064).",
      severity: 'error',
      from: { path: '^apps/web/src/app/(main\\.tsx|routes/home/home-page\\.tsx)$' },
      to: {
        path: [
          '^apps/web/src/app/(providers|push-bridge|shell-services|app-update-loader)\\.tsx$',
          '^apps/web/src/features/(help|chat|notifications|app-update/components)/',
          // node_modules are outside the graph (options.exclude): zod is reached through the
          // shared schemas, TanStack Query through the providers and the features' API hooks.
          '^packages/shared/src/.*\\.schemas\\.ts$',
          '^apps/web/src/features/[^/]+/api/',
        ],
        reachable: true,
      },
    },
  ],
  options: {
    ...base.options,
    // Type-only imports are erased from the bundle: only what the browser runs counts here.
    tsPreCompilationDeps: false,
    exclude: { ...base.options.exclude, dynamic: true },
  },
};
