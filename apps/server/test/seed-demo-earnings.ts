/**
 * For the wallet journey (e2e/journeys/wallet.e2e.ts): prepares a demo database in DATA_DIR (argv[2])
 * and books earnings (argv[3], minor units) for the demo therapist (+855 12 345 678), as an order's
 * completion would, before the server starts on that data. Run with `node --import tsx`.
 */
import { sql } from 'drizzle-orm';
import { parseEnv } from '../src/config/env';
import { type Database, queryRows } from '../src/db/client';
import { createLedgerModule } from '../src/modules/ledger';
import { openConfiguredDatabase, prepareDatabase } from '../src/prepare';

const [dataDir, amountText] = process.argv.slice(2);
if (!dataDir || !amountText) throw new Error('usage: seed-demo-earnings <dataDir> <amount>');
const amount = Number(amountText);
const config = parseEnv({ ...process.env, DATA_DIR: dataDir, NODE_ENV: 'development' });
const database = await openConfiguredDatabase(config);
try {
  await prepareDatabase(database, config);
  const [therapist] = await queryRows<{ id: number; currency: string }>(
    database.db,
    sql`select t.id, t.currency from therapists t join users u on u.id = t.user_id
        where u.phone_e164 = '+85512345678' limit 1`,
  );
  if (!therapist) throw new Error('the demo therapist is missing');
  const { ledger } = createLedgerModule({ db: database.db, clock: { now: () => new Date() } }).api;
  await database.db.transaction((tx) =>
    ledger.post(tx as unknown as Database['db'], {
      eventKey: `journey:demo-earnings:${therapist.id}:${Date.now()}`,
      kind: 'orderCompletion',
      lines: [
        {
          account: {
            ownerKind: 'platform',
            ownerId: 0,
            purpose: 'railClearing',
            rail: 'card',
            currency: therapist.currency,
          },
          amount: -amount,
        },
        {
          account: {
            ownerKind: 'therapist',
            ownerId: therapist.id,
            purpose: 'providerEarnings',
            currency: therapist.currency,
          },
          amount,
        },
      ],
    }),
  );
} finally {
  await database.close();
}
