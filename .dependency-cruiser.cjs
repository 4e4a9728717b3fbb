/**
 * The code's rooms and their doors, checked by `npm run lint` (decision 022):
 * - a server module is entered only through its index.ts;
 * - db/, lib/ and http/ are below the modules and never import one;
 * - only repositories touch the tables (db/schema, and db/client's query helpers), besides the
 *   infrastructure that owns its tables, demo seeds and tests (decision 104);
 * - web features never import each other or app/; the web's lib/, hooks/ and components/ never
 *   import a feature or app/.
 * Paths are matched anywhere in the tree (not anchored to the repository root), so the rules'
 * own test can run them on a small fixture tree.
 */
const SERVER = '(^|/)apps/server/src/';
const WEB = '(^|/)apps/web/src/';
/** Who may import the tables besides a module's repositories: code that is its own repository. */
const OWNS_ITS_TABLES = [
  '\\.repository\\.ts$',
  '\\.test\\.ts$',
  // db/ defines them; jobs, the outbox and idempotency keys are infrastructure with tables of their own.
  `${SERVER}(db|jobs|outbox)/`,
  `${SERVER}http/idempotency\\.ts$`,
  // Demo data writes its rows directly, as a seed does.
  `${SERVER}demo/`,
];
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'first-screen-without-zod',
      comment:
        "The web app's first screen (the shell vendor chunk: storage, i18n, preferences) never reaches zod, 25 KB on the wire (issue #17): it imports only shared modules without zod.",
      severity: 'error',
      from: { path: '^apps/web/src/lib/(storage|i18n|preferences)\\.ts$' },
      // node_modules are outside the graph, so the rule names the shared modules known to be zod-free.
      to: {
        path: '^packages/shared/src/',
        pathNot: '^packages/shared/src/(i18n|units)\\.ts$',
        reachable: true,
      },
    },
    {
      name: 'module-entered-through-index',
      comment: 'Another module is used only through what its index.ts exports.',
      severity: 'error',
      from: { path: `${SERVER}modules/([^/]+)/` },
      to: {
        path: `${SERVER}modules/[^/]+/`,
        pathNot: [`${SERVER}modules/$2/`, `${SERVER}modules/[^/]+/index\\.ts$`],
      },
    },
    {
      name: 'module-entered-through-index-from-outside',
      comment: 'app.ts, demo data, test helpers and journeys use a module only through its index.ts.',
      severity: 'error',
      // Benchmarks are exempt: they time a module's internals (hashing, one query) on purpose.
      from: { pathNot: [`${SERVER}modules/`, '(^|/)bench/'] },
      to: { path: `${SERVER}modules/[^/]+/`, pathNot: `${SERVER}modules/[^/]+/index\\.ts$` },
    },
    {
      name: 'lower-layers-never-import-modules',
      comment: 'db/, lib/ and http/ sit below the modules: they are handed what they need.',
      severity: 'error',
      from: { path: `${SERVER}(db|lib|http)/`, pathNot: '\\.test\\.ts$' },
      to: { path: `${SERVER}modules/` },
    },
    {
      name: 'tables-only-in-repositories',
      comment:
        "A module's tables are touched only by its *.repository.ts, which also exports the row and column types its services need (type imports count too).",
      severity: 'error',
      from: { path: `${SERVER}`, pathNot: OWNS_ITS_TABLES },
      to: { path: `${SERVER}db/schema/` },
    },
    {
      name: 'sql-only-in-repositories',
      comment:
        "Inside a module only repositories run SQL: the others take db/client's types (Db, Database), never its query helpers (queryRows, namedStatement, runAsNamed).",
      severity: 'error',
      from: { path: `${SERVER}modules/`, pathNot: OWNS_ITS_TABLES },
      to: { path: `${SERVER}db/client\\.ts$`, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'web-features-never-import-each-other',
      comment: 'A feature is composed with others by the pages in app/, never by importing them.',
      severity: 'error',
      from: { path: `${WEB}features/([^/]+)/` },
      to: { path: `${WEB}features/`, pathNot: `${WEB}features/$2/` },
    },
    {
      name: 'web-below-app',
      comment: 'Features and the shared web code never import the app shell or its pages.',
      severity: 'error',
      from: { path: `${WEB}(features|lib|hooks|components)/` },
      to: { path: `${WEB}app/` },
    },
    {
      name: 'web-shared-code-never-imports-features',
      comment: "The web's lib/, hooks/ and components/ serve every feature and know none.",
      severity: 'error',
      from: { path: `${WEB}(lib|hooks|components)/` },
      to: { path: `${WEB}features/` },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // The fixtures break the rules on purpose: the rules' own test proves each one bites there.
    exclude: { path: ['(^|/)(node_modules|dist|data)/', '(^|/)test/fixtures/'] },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
      // Workspace packages resolve through their package.json exports to their sources.
      exportsFields: ['exports'],
      conditionNames: ['import', 'default'],
    },
  },
};
