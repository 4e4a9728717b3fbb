import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** One type for both drivers: services and repositories never know which database they talk to. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Answers true when the database can run a query. */
  ping(): Promise<boolean>;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
export const PGLITE_EXTENSIONS = { btree_gist, cube, earthdistance, pg_trgm };

/** Held while migrating so several server processes starting at once do not race. */
const MIGRATION_LOCK_KEY = 727_242_001;

export type DatabaseOptions =
  | { databaseUrl: string; poolSize?: number }
  | { dataDir: string | undefined; loadDataDir?: Blob | File };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ('databaseUrl' in options) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  return openPglite(options.dataDir, options.loadDataDir);
}

async function openPostgres(connectionString: string, max: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max });
  // An idle client that loses its connection must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    ping: () => ping(db),
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

async function openPglite(dataDir: string | undefined, loadDataDir?: Blob | File): Promise<Database> {
  if (dataDir) mkdirSync(path.dirname(path.resolve(dataDir)), { recursive: true });
  const client = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
    extensions: PGLITE_EXTENSIONS,
  });
  const db = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    ping: () => ping(db),
    async migrate() {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
    },
    close: () => client.close(),
  };
}

/**
 * How a raw query's column is read into its row type. The drivers answer some types differently
 * (node-postgres gives int8 and numeric as strings; timestamps are Date or string depending on the
 * driver and the expression), so a row type says `Date` or `number` and the query names the columns
 * to convert here, once.
 */
export type RawColumn = 'date' | 'number';

type KeysOf<Row, T> = { [K in keyof Row]-?: [Exclude<Row[K], null>] extends [T] ? K : never }[keyof Row];
/** Every `Date` column must be named (no driver gives one for every expression); `number` ones when they are int8 or numeric. */
export type RawColumns<Row> = { [K in KeysOf<Row, Date>]: 'date' } & {
  [K in KeysOf<Row, number>]?: 'number';
};

/** Rows of a raw SQL query (both drivers answer `{ rows }`), with `columns` read into their row types. */
export async function queryRows<Row>(
  db: Pick<Db, 'execute'>,
  query: SQL,
  ...[columns]: KeysOf<Row, Date> extends never ? [columns?: RawColumns<Row>] : [columns: RawColumns<Row>]
): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
  const conversions = Object.entries(columns ?? {}) as [string, RawColumn][];
  if (conversions.length) {
    for (const row of result.rows) {
      for (const [name, kind] of conversions) {
        const value = row[name];
        if (value === null || value === undefined) continue;
        row[name] =
          kind === 'date' ? (value instanceof Date ? value : new Date(value as string)) : Number(value);
      }
    }
  }
  return result.rows as Row[];
}

/**
 * A raw statement whose text is written once, for a hot path (decision 074): on PostgreSQL it is a
 * named statement, so each pooled connection parses and plans it once and every later run is
 * Bind/Execute; PGlite runs the text as is. Runs on the pool (never in a transaction): meant for
 * one statement that is its own transaction. `$1…` are `values`, sent as text (cast them in SQL).
 */
export function namedStatement(db: Db, name: string, text: string) {
  const client = (db as unknown as { $client: pg.Pool | PGlite }).$client;
  return async function run<Row = Record<string, unknown>>(values: unknown[]): Promise<Row[]> {
    const result =
      client instanceof pg.Pool
        ? await client.query({ name, text, values })
        : await client.query(text, values);
    return result.rows as Row[];
  };
}

/** Renders a statement as the databases' drizzle instances do (they are built with this casing). */
const dialect = new PgDialect({ casing: 'snake_case' });
/** How many statement texts `runAsNamed` names per database before it sends the rest unnamed. */
const MAX_NAMED_TEXTS = 64;
const namedTexts = new WeakMap<object, Map<string, string>>();

/**
 * A statement built by drizzle from parts (decision 079: the create's one statement) sent as a
 * named statement when its text has been seen before: the text of such a statement depends only on
 * its shape, its values travel as parameters, so on PostgreSQL each pooled connection parses and
 * plans each shape once instead of on every call. PGlite runs it as is. Runs on the pool (never in
 * a transaction): one statement that is its own transaction. Answers the raw rows as the driver
 * parses them (read them with `rowOf`).
 */
export async function runAsNamed(db: Db, prefix: string, statement: SQL): Promise<Record<string, unknown>[]> {
  const client = (db as unknown as { $client: pg.Pool | PGlite }).$client;
  const query = dialect.sqlToQuery(statement);
  if (!(client instanceof pg.Pool)) return (await client.query(query.sql, query.params)).rows as never;
  let names = namedTexts.get(client);
  if (!names) {
    names = new Map();
    namedTexts.set(client, names);
  }
  let name = names.get(query.sql);
  if (name === undefined && names.size < MAX_NAMED_TEXTS) {
    name = `${prefix}_${names.size + 1}`;
    names.set(query.sql, name);
  }
  const result = await client.query(
    name === undefined
      ? { text: query.sql, values: query.params }
      : { name, text: query.sql, values: query.params },
  );
  return result.rows;
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
