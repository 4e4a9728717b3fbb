import { ERROR_CODES } from '@sabai/shared/error-codes';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, registerUser } from '../../../test/identity-helpers';
import { createTestApp } from '../../../test/test-app';
import { queryRows } from '../../db/client';
import { seedDemoData } from '../../demo';

const { app, database } = await createTestApp();
let city: Record<string, number>;

beforeAll(async () => {
  await seedDemoData(database.db);
  const rows = await queryRows<{ id: number; en: string }>(
    database.db,
    sql`select id, names->>'en' as en from cities`,
  );
  city = Object.fromEntries(rows.map((r) => [r.en, r.id]));
});

const vote = (cityId: number, token?: string) =>
  call(app, { method: 'POST', url: `/app/cities/${cityId}/votes`, ...(token ? { token } : {}) }).then((r) =>
    r.json(),
  );

describe('POST /app/cities/:cityId/votes', () => {
  it('needs a logged-in user', async () => {
    expect((await vote(city.Bangkok as number)).code).toBe(ERROR_CODES.unauthenticated.code);
  });

  it('counts one vote per user per city and orders voting cities by votes', async () => {
    const first = await registerUser(app);
    const second = await registerUser(app);
    const bangkok = city.Bangkok as number;
    expect((await vote(bangkok, first.token)).data).toEqual({
      cityId: bangkok,
      voteCount: 1,
      hasVoted: true,
    });
    const again = await call(app, {
      method: 'POST',
      url: `/app/cities/${bangkok}/votes`,
      token: first.token,
      headers: { lang: 'zh-CN' },
    });
    expect(again.json()).toEqual({
      code: ERROR_CODES.cityAlreadyVoted.code,
      msg: '您已为该城市投过票。',
      data: null,
    });
    expect((await vote(bangkok, second.token)).data.voteCount).toBe(2);

    const mine = (await call(app, { method: 'GET', url: '/app/cities', token: first.token })).json().data;
    expect(mine.voting[0]).toMatchObject({ id: bangkok, voteCount: 2, hasVoted: true });
    expect(mine.voting[1].hasVoted).toBe(false);
    const guest = (await call(app, { method: 'GET', url: '/app/cities' })).json().data;
    expect(guest.voting[0]).toMatchObject({ id: bangkok, voteCount: 2, hasVoted: false });
  });

  it('refuses open and unknown cities', async () => {
    const { token } = await registerUser(app);
    expect((await vote(city['Phnom Penh'] as number, token)).code).toBe(ERROR_CODES.cityNotVoting.code);
    expect((await vote(99999, token)).code).toBe(ERROR_CODES.notFound.code);
    expect((await vote(0, token)).code).toBe(ERROR_CODES.validationFailed.code);
  });
});
