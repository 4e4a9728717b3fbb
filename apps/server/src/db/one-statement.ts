import { getTableColumns, SQL, sql } from 'drizzle-orm';
import { type PgColumn, PgDialect, type PgTable } from 'drizzle-orm/pg-core';

/**
 * Writes that must commit together, sent as one statement (decision 075): each part is a CTE of a
 * `with … select`, atomic by being one statement (no BEGIN/COMMIT round trips). A part that must
 * happen only when another did selects its row from that part (`insertFrom`'s `source`), so a
 * guard that matched nothing writes nothing anywhere.
 */
export interface StatementPart {
  /** The CTE's name, which later parts and the final select read. */
  name: string;
  body: SQL;
}

/** `with <parts> <final>`: the parts run whether or not the final select reads them. */
export function withParts(parts: readonly StatementPart[], final: SQL): SQL {
  const ctes = sql.join(
    parts.map((part) => sql`${sql.identifier(part.name)} as (${part.body})`),
    sql`, `,
  );
  return sql`with ${ctes} ${final}`;
}

/** A column's type as a cast (serials are their integers once written). */
function castOf(column: PgColumn): SQL {
  const type = column.getSQLType();
  return sql.raw(type === 'serial' ? 'integer' : type === 'bigserial' ? 'bigint' : type);
}

type InsertValues<T extends PgTable> = { [K in keyof T['$inferInsert']]?: T['$inferInsert'][K] | SQL };

/**
 * `insert into <table> (<the row's columns>) select <the row's values> from <source>`: one row per
 * row of `source`, none when it has none. Values are encoded as the table's columns encode them
 * (drizzle's mappers) and cast to the column's type; an `SQL` value is taken as written (it may
 * read `source`'s columns).
 */
export function insertFrom<T extends PgTable>(table: T, row: InsertValues<T>, source: string): SQL {
  const { names, values } = namesAndValuesOf(table, row);
  return sql`insert into ${table} (${sql.join(names, sql`, `)}) select ${sql.join(values, sql`, `)} from ${sql.identifier(source)}`;
}

/**
 * `insert into <table> (<the row's columns>) values (<the row's values>)`, values encoded and cast
 * as in `insertFrom`: the first part of a statement (decision 079: the create's order), fewer
 * pieces for drizzle to render than its insert builder, which writes every column of the table.
 */
export function insertValues<T extends PgTable>(table: T, row: InsertValues<T>): SQL {
  const { names, values } = namesAndValuesOf(table, row);
  return sql`insert into ${table} (${sql.join(names, sql`, `)}) values (${sql.join(values, sql`, `)})`;
}

function namesAndValuesOf<T extends PgTable>(
  table: T,
  row: InsertValues<T>,
): { names: SQL[]; values: SQL[] } {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const names: SQL[] = [];
  const values: SQL[] = [];
  for (const [key, value] of Object.entries(row)) {
    const column = columns[key];
    if (value === undefined) continue;
    if (!column) throw new Error(`${key} is not a column of the table`);
    names.push(sql`${sql.identifier(column.name)}`);
    values.push(
      value instanceof SQL
        ? value
        : value === null
          ? sql`null::${castOf(column)}`
          : sql`${sql.param(value, column)}::${castOf(column)}`,
    );
  }
  return { names, values };
}

/**
 * `columnsOf` rendered once into one raw piece of text (it has no parameters): a statement built on
 * every call that selects a wide table's columns then renders one piece instead of a hundred.
 */
export function columnsTextOf(table: PgTable): SQL {
  return sql.raw(new PgDialect({ casing: 'snake_case' }).sqlToQuery(columnsOf(table)).sql);
}

/** The table's columns under their TypeScript names (`"order_id" as "orderId", …`), for `rowOf`. */
export function columnsOf(table: PgTable): SQL {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  return sql.join(
    Object.entries(columns).map(
      ([key, column]) => sql`${sql.identifier(column.name)} as ${sql.identifier(key)}`,
    ),
    sql`, `,
  );
}

/** A raw row selected with `columnsOf` read as drizzle reads the table's rows (dates, int8, json). */
export function rowOf<T extends PgTable>(table: T, raw: Record<string, unknown>): T['$inferSelect'] {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(columns)) {
    const value = raw[key];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T['$inferSelect'];
}
