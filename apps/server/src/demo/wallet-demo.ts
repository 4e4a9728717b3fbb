import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { cities, seedRuns, users } from '../db/schema';
import type { Clock } from '../lib/clock';
import { createLedgerModule } from '../modules/ledger';
import { clearingOf, walletOf } from '../modules/payments';
import { DEMO_CUSTOMER_LOGIN } from './orders-demo';

const WALLET_DEMO_SEED_NAME = 'demo-wallet-v1';
/** The demo customer's wallet: enough for a few demo orders (minor units of the demo city's currency). */
export const DEMO_WALLET_TOP_UP = 20_000;

/**
 * The demo customer's wallet gets a balance, so paying by wallet can be tried. It is a real ledger
 * entry (decision 037): a KHQR top-up, money in from the rail's clearing account, booked once per
 * database (seed run and event key), in the currency of the first open demo city.
 */
export async function seedWalletDemo(db: Db, clock: Clock): Promise<boolean> {
  const { ledger } = createLedgerModule({ db, clock }).api;
  return db.transaction(async (tx) => {
    const [customer] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.phoneE164, DEMO_CUSTOMER_LOGIN.phoneE164))
      .limit(1);
    const [city] = await tx
      .select({ currency: cities.currency })
      .from(cities)
      .where(eq(cities.status, 'open'))
      .orderBy(asc(cities.id))
      .limit(1);
    // No demo customer yet (the orders demo needs the demo therapist): nothing to credit, try next start.
    if (!customer || !city) return false;
    const inserted = await tx
      .insert(seedRuns)
      .values({ name: WALLET_DEMO_SEED_NAME })
      .onConflictDoNothing()
      .returning();
    if (inserted.length === 0) return false;
    await ledger.post(tx as unknown as Db, {
      eventKey: `demo:wallet-top-up:${customer.id}`,
      kind: 'topUp',
      actorUserId: customer.id,
      memo: 'demo top-up',
      lines: [
        { account: clearingOf('khqr', city.currency), amount: -DEMO_WALLET_TOP_UP },
        { account: walletOf(customer.id, city.currency), amount: DEMO_WALLET_TOP_UP },
      ],
    });
    return true;
  });
}
