import { ERROR_CODES } from '@sabai/shared/error-codes';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, registerUser } from '../../../test/identity-helpers';
import { createTestApp } from '../../../test/test-app';
import { queryRows } from '../../db/client';
import { seedCatalogDemo, seedDemoData } from '../../demo';
import { createEngagementRepository, FOOTPRINT_CAPACITY } from './engagement.repository';

const { app, database } = await createTestApp();
let ids: { therapists: number[]; banned: number; store: number; project: number };

beforeAll(async () => {
  await seedDemoData(database.db);
  await seedCatalogDemo(database.db);
  const therapists = await queryRows<{ id: number }>(
    database.db,
    sql`select id from therapists where not is_banned order by id`,
  );
  const [banned] = await queryRows<{ id: number }>(
    database.db,
    sql`select id from therapists where is_banned`,
  );
  const [store] = await queryRows<{ id: number }>(
    database.db,
    sql`select id from stores order by id limit 1`,
  );
  const [project] = await queryRows<{ id: number }>(
    database.db,
    sql`select id from service_projects order by id limit 1`,
  );
  ids = {
    therapists: therapists.map((t) => t.id),
    banned: banned?.id as number,
    store: store?.id as number,
    project: project?.id as number,
  };
});

const as = (token: string | undefined, method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string) =>
  call(app, { method, url, ...(token ? { token } : {}) }).then((r) => r.json());

describe('favourites', () => {
  it('needs a logged-in user', async () => {
    const body = await as(undefined, 'PUT', `/app/favourites/therapist/${ids.therapists[0]}`);
    expect(body.code).toBe(ERROR_CODES.unauthenticated.code);
  });

  it('saves, lists newest first by kind, and removes projects, therapists and stores', async () => {
    const { token } = await registerUser(app);
    const therapistId = ids.therapists[0] as number;
    expect(await as(token, 'PUT', `/app/favourites/therapist/${therapistId}`)).toMatchObject({
      code: 0,
      data: { kind: 'therapist', id: therapistId, isFavourite: true },
    });
    expect((await as(token, 'PUT', `/app/favourites/therapist/${therapistId}`)).code).toBe(0);
    await as(token, 'PUT', `/app/favourites/store/${ids.store}`);
    await as(token, 'PUT', `/app/favourites/project/${ids.project}`);

    const all = (await as(token, 'GET', '/app/favourites')).data;
    expect(all.items.map((i: { kind: string }) => i.kind)).toEqual(['project', 'store', 'therapist']);
    expect(all.items[2].therapist.id).toBe(therapistId);
    expect(all.items[1].store.id).toBe(ids.store);
    expect(all.items[0].project.id).toBe(ids.project);

    const stores = (await as(token, 'GET', '/app/favourites?kind=store')).data.items;
    expect(stores.map((i: { id: number }) => i.id)).toEqual([ids.store]);

    const detail = (await as(token, 'GET', `/app/therapists/${therapistId}`)).data;
    expect(detail.viewer).toEqual({ isFavourite: true, isFollowing: false });

    expect((await as(token, 'DELETE', `/app/favourites/therapist/${therapistId}`)).data.isFavourite).toBe(
      false,
    );
    const after = (await as(token, 'GET', '/app/favourites?kind=therapist')).data.items;
    expect(after).toEqual([]);
  });

  it('refuses unknown or banned targets and unknown kinds', async () => {
    const { token } = await registerUser(app);
    expect((await as(token, 'PUT', '/app/favourites/therapist/999999')).code).toBe(ERROR_CODES.notFound.code);
    expect((await as(token, 'PUT', `/app/favourites/therapist/${ids.banned}`)).code).toBe(
      ERROR_CODES.notFound.code,
    );
    expect((await as(token, 'PUT', '/app/favourites/spa/1')).code).toBe(ERROR_CODES.validationFailed.code);
    expect((await as(token, 'GET', '/app/favourites?pageSize=500')).code).toBe(
      ERROR_CODES.validationFailed.code,
    );
  });

  it('shows guests no viewer state on detail pages', async () => {
    const detail = (await as(undefined, 'GET', `/app/stores/${ids.store}`)).data;
    expect(detail.viewer).toBeNull();
  });
});

describe('footprints', () => {
  it('remembers viewed detail pages newest first without repeats', async () => {
    const { token } = await registerUser(app);
    const [a, b] = ids.therapists as [number, number];
    await as(token, 'GET', `/app/therapists/${a}`);
    await as(token, 'GET', `/app/stores/${ids.store}`);
    await as(token, 'GET', `/app/therapists/${b}`);
    await as(token, 'GET', `/app/projects/${ids.project}`);
    await as(token, 'GET', `/app/therapists/${a}`);
    const items = (await as(token, 'GET', '/app/me/footprints')).data.items;
    expect(items.map((i: { kind: string; id: number }) => `${i.kind}:${i.id}`)).toEqual([
      `therapist:${a}`,
      `project:${ids.project}`,
      `therapist:${b}`,
      `store:${ids.store}`,
    ]);
    expect(items[0].therapist.name).toEqual(expect.any(String));

    expect((await as(token, 'DELETE', '/app/me/footprints')).code).toBe(0);
    expect((await as(token, 'GET', '/app/me/footprints')).data.items).toEqual([]);
  });

  it(`keeps only the newest ${FOOTPRINT_CAPACITY}`, async () => {
    const session = await registerUser(app);
    const repository = createEngagementRepository(database.db);
    const extra = await queryRows<{ id: number }>(
      database.db,
      sql`insert into therapists (city_id, display_name, gender, introductions, service_areas, latitude, longitude, state, currency)
        select city_id, 'Extra ' || g, 'female', '{"en": ""}', '{"en": ""}', latitude, longitude, 'available', 'USD'
        from therapists, generate_series(1, 70) g where therapists.id = ${ids.therapists[0]} returning id`,
    );
    const targets = [...ids.therapists, ...extra.map((e) => e.id)].slice(0, FOOTPRINT_CAPACITY + 5);
    const start = Date.parse('2026-11-01T00:00:00Z');
    for (const [index, id] of targets.entries()) {
      await repository.recordFootprint(session.user.id, 'therapist', id, new Date(start + index * 1000));
    }
    const [count] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from footprints where user_id = ${session.user.id}`,
    );
    expect(count?.n).toBe(FOOTPRINT_CAPACITY);
    const first = (await as(session.token, 'GET', '/app/me/footprints?pageSize=1')).data;
    expect(first.items[0].id).toBe(targets.at(-1));
    expect(first.hasMore).toBe(true);
  });
});

describe('follows, fans and visitors', () => {
  it('follows a therapist, counts followers and lists who I follow', async () => {
    const { token } = await registerUser(app);
    const therapistId = ids.therapists[3] as number;
    const followed = await as(token, 'PUT', `/app/therapists/${therapistId}/follow`);
    expect(followed.data).toEqual({ therapistId, isFollowing: true, followerCount: 1 });
    const detail = (await as(token, 'GET', `/app/therapists/${therapistId}`)).data;
    expect(detail).toMatchObject({ followerCount: 1, viewer: { isFollowing: true } });
    const following = (await as(token, 'GET', '/app/me/following')).data.items;
    expect(following.map((t: { id: number }) => t.id)).toEqual([therapistId]);
    const unfollowed = await as(token, 'DELETE', `/app/therapists/${therapistId}/follow`);
    expect(unfollowed.data).toEqual({ therapistId, isFollowing: false, followerCount: 0 });
    expect((await as(token, 'PUT', '/app/therapists/999999/follow')).code).toBe(ERROR_CODES.notFound.code);
  });

  it('shows a therapist their fans and visitors, not counting their own views', async () => {
    const provider = await registerUser(app);
    const customer = await registerUser(app, undefined);
    const therapistId = ids.therapists[5] as number;
    await database.db.execute(
      sql`update therapists set user_id = ${provider.user.id} where id = ${therapistId}`,
    );

    await as(customer.token, 'PUT', `/app/therapists/${therapistId}/follow`);
    await as(customer.token, 'GET', `/app/therapists/${therapistId}`);
    await as(customer.token, 'GET', `/app/therapists/${therapistId}`);
    await as(provider.token, 'GET', `/app/therapists/${therapistId}`);

    const fans = (await as(provider.token, 'GET', '/app/me/fans')).data.items;
    expect(fans).toEqual([
      expect.objectContaining({ userId: customer.user.id, nickname: expect.any(String), visitCount: 1 }),
    ]);
    const visitors = (await as(provider.token, 'GET', '/app/me/visitors')).data.items;
    expect(visitors).toEqual([expect.objectContaining({ userId: customer.user.id, visitCount: 2 })]);

    expect((await as(provider.token, 'PUT', `/app/therapists/${therapistId}/follow`)).code).toBe(
      ERROR_CODES.cannotFollowSelf.code,
    );
    expect((await as(customer.token, 'GET', '/app/me/visitors')).code).toBe(ERROR_CODES.forbidden.code);
  });
});
