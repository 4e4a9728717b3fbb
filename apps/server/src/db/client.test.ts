import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-app';
import { queryRows } from './client';

const database = await openTestDatabase();

describe('the database', () => {
  it('has the extensions later modules rely on', async () => {
    const rows = await queryRows<{ extname: string }>(
      database.db,
      sql`select extname from pg_extension order by 1`,
    );
    expect(rows.map((r) => r.extname)).toEqual(
      expect.arrayContaining(['btree_gist', 'cube', 'earthdistance', 'pg_trgm']),
    );
  });

  it('enforces an exclusion constraint over time ranges (btree_gist)', async () => {
    await database.db.execute(sql`create temporary table slot_probe (
      provider int not null,
      during tstzrange not null,
      exclude using gist (provider with =, during with &&)
    )`);
    await database.db.execute(
      sql`insert into slot_probe values (1, tstzrange('2026-11-22 10:00+07', '2026-11-22 11:00+07'))`,
    );
    await database.db.execute(
      sql`insert into slot_probe values (2, tstzrange('2026-11-22 10:00+07', '2026-11-22 11:00+07'))`,
    );
    const overlap = database.db.execute(
      sql`insert into slot_probe values (1, tstzrange('2026-11-22 10:30+07', '2026-11-22 11:30+07'))`,
    );
    await expect(overlap).rejects.toMatchObject({ cause: { code: '23P01' } });
  });

  it('computes great-circle distances (earthdistance)', async () => {
    const [row] = await queryRows<{ km: number }>(
      database.db,
      sql`select round((earth_distance(ll_to_earth(11.5564, 104.9282), ll_to_earth(13.3633, 103.8564)) / 1000)::numeric) as km`,
    );
    expect(Number(row?.km)).toBeGreaterThan(230);
    expect(Number(row?.km)).toBeLessThan(240);
  });

  it('answers ping', async () => {
    expect(await database.ping()).toBe(true);
  });

  it('reads int8, numeric and timestamp columns of a raw query into numbers and dates on either driver', async () => {
    const rows = await queryRows<{ big: number; money: number; at: Date; later: Date | null; plain: number }>(
      database.db,
      sql`select 9007199254740::int8 as big, 12.5::numeric as money,
        '2026-11-24T01:02:03Z'::timestamptz as at, null::timestamptz as later, 7 as plain`,
      { big: 'number', money: 'number', at: 'date', later: 'date' },
    );
    expect(rows).toEqual([
      { big: 9007199254740, money: 12.5, at: new Date('2026-11-24T01:02:03Z'), later: null, plain: 7 },
    ]);
  });
});
