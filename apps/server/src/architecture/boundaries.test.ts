import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type IConfiguration } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const fixture = path.join(root, 'apps/server/test/fixtures/boundaries');
const config = createRequire(import.meta.url)(path.join(root, '.dependency-cruiser.cjs')) as IConfiguration;

/** The rule violations `npm run lint` would report for these folders, as "rule: from → to". */
async function violationsIn(folders: string[], exclude = config.options?.exclude) {
  const result = await cruise(folders, {
    ruleSet: { forbidden: config.forbidden ?? [] },
    validate: true,
    doNotFollow: { path: 'node_modules' },
    ...(exclude ? { exclude } : {}),
    tsPreCompilationDeps: true,
    baseDir: root,
  });
  const fromFixture = (file: string) => file.replace(`${path.relative(root, fixture)}/`, '');
  if (typeof result.output === 'string') throw new Error('expected a structured cruise result');
  return result.output.summary.violations.map(
    (violation) => `${violation.rule.name}: ${fromFixture(violation.from)} → ${fromFixture(violation.to)}`,
  );
}

describe('module boundaries (npm run lint)', () => {
  it('catches a cross-module import, a lower layer importing a module, tables or SQL outside a repository, and web features importing each other', async () => {
    const found = await violationsIn([path.relative(root, fixture)], { path: 'node_modules' });
    expect(found.sort()).toEqual(
      [
        'module-entered-through-index: apps/server/src/modules/orders/orders.service.ts → apps/server/src/modules/payments/payments.service.ts',
        'lower-layers-never-import-modules: apps/server/src/lib/format.ts → apps/server/src/modules/payments/index.ts',
        'web-features-never-import-each-other: apps/web/src/features/booking/pay.ts → apps/web/src/features/wallet/balance.ts',
        'web-below-app: apps/web/src/features/booking/pay.ts → apps/web/src/app/paths.ts',
        'tables-only-in-repositories: apps/server/src/modules/orders/order-totals.ts → apps/server/src/db/schema/index.ts',
        'sql-only-in-repositories: apps/server/src/modules/orders/order-totals.ts → apps/server/src/db/client.ts',
        'tables-only-in-repositories: apps/server/src/modules/orders/order-rules.ts → apps/server/src/db/schema/index.ts',
        'tables-only-in-repositories: apps/server/src/http/sessions.ts → apps/server/src/db/schema/index.ts',
      ].sort(),
    );
  });

  // dependency-cruiser walks the whole tree: 58 s of the suite's 30-s hang guard once on a loaded machine.
  it('finds nothing to refuse in the code itself', { timeout: 120_000 }, async () => {
    expect(await violationsIn(['apps/server/src', 'apps/server/test', 'apps/web/src', 'e2e'])).toEqual([]);
  });
});
