import type { AppModule, ModuleContext } from '../../app-module';
import { createLedgerRepository } from './ledger.repository';
import { createLedgerService, type LedgerService } from './ledger.service';

export type { EntryRequest, LedgerService, PostedEntry, PostingLine } from './ledger.service';
export { isAccountRace, isInsufficientBalance } from './ledger.service';
export { findLedgerViolations } from './ledger-invariants.repository';

/**
 * The double-entry ledger (decision 037): no routes of its own; payments, refunds, tips,
 * withdrawals and the wallet book through its `api.ledger` inside their own transactions.
 */
export function createLedgerModule(context: Pick<ModuleContext, 'db' | 'clock'>): AppModule<{
  ledger: LedgerService;
}> {
  const ledger = createLedgerService({
    repository: createLedgerRepository(context.db),
    clock: context.clock,
  });
  return { name: 'ledger', api: { ledger } };
}
