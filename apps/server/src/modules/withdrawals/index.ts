import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import type { AppModule, ModuleContext } from '../../app-module';
import { createLocalStorage, type FileStorage } from '../../lib/storage';
import type { LedgerService } from '../ledger';
import { createIncomeService } from './income.service';
import { createWithdrawalsRepository } from './withdrawals.repository';
import { withdrawalsRoutes } from './withdrawals.routes';
import { createWithdrawalsService } from './withdrawals.service';

export type { WithdrawalsService } from './withdrawals.service';

/**
 * Withdrawals and provider income (issue #14 items 8–10, decision 044): providers' payout accounts,
 * their withdrawal requests held in the ledger, customer service's handling, and the income page.
 */
export function createWithdrawalsModule(
  context: Pick<ModuleContext, 'db' | 'clock' | 'config'>,
  needs: {
    ledger: LedgerService;
    timeZoneOf: (cityId: number) => Promise<string>;
    storage?: FileStorage;
  },
): AppModule<{
  withdrawals: ReturnType<typeof createWithdrawalsService>;
  /** The therapist profile behind a login, if any (the wallet's history adds their earnings). */
  therapistOfUser: (userId: number) => Promise<{ id: number } | undefined>;
}> {
  const repository = createWithdrawalsRepository(context.db);
  const withdrawals = createWithdrawalsService({
    db: context.db,
    clock: context.clock,
    repository,
    ledger: needs.ledger,
    storage: needs.storage ?? createLocalStorage(path.join(context.config.DATA_DIR, 'uploads')),
  });
  const income = createIncomeService({
    clock: context.clock,
    repository,
    ledger: needs.ledger,
    timeZoneOf: needs.timeZoneOf,
  });
  const routes: FastifyPluginAsync = async (app) => {
    await app.register(withdrawalsRoutes, { withdrawals, income });
  };
  return { name: 'withdrawals', api: { withdrawals, therapistOfUser: repository.therapistOfUser }, routes };
}
