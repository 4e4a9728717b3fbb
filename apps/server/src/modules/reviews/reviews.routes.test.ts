import { ERROR_CODES } from '@sabai/shared/error-codes';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createStore } from '../../../test/booking-fixtures';
import { call, grantRoles, registerUser } from '../../../test/identity-helpers';
import { createOrderScenario } from '../../../test/order-scenario';
import { queryRows } from '../../db/client';
import { storeStaff } from '../../db/schema';

const s = await createOrderScenario();
const { app, database, customer, stranger, therapist } = s;
const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

let slot = 0;
/** A paid home visit moved by its therapist up to `last` (default: the service ended). */
async function orderUpTo(last: 'accept' | 'end' = 'end') {
  // Tomorrow or later (tests move the clock), 10:00–18:00 in Phnom Penh (UTC+7), a free slot each.
  const start = new Date(s.clock.now().getTime() + (1 + Math.floor(slot / 5)) * DAY);
  start.setUTCHours(3 + (slot % 5) * 2, 0, 0, 0);
  slot++;
  const order = await s.book(start.toISOString());
  await s.payments.systemTransition(order.id, 'pay');
  for (const step of ['accept', 'depart', 'arrive', 'start', 'end']) {
    const moved = await s.step(order.id, step, therapist.token);
    if (moved.code !== 0) throw new Error(`${step}: ${JSON.stringify(moved)}`);
    if (step === last) break;
  }
  return order;
}

function uploadImage(token: string, data: Buffer, filename = 'photo.png', contentType = 'image/png') {
  const boundary = '----sabai-care-boundary';
  return call(app, {
    method: 'POST',
    url: '/app/care/images',
    token,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
}

const png = () =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: '#cc6633' } })
    .withMetadata({ exif: { IFD0: { Make: 'SecretCam' } } })
    .jpeg()
    .toBuffer();

async function photoKey(token = customer.token): Promise<string> {
  const uploaded = (await uploadImage(token, await png(), 'p.jpg', 'image/jpeg')).json();
  if (uploaded.code !== 0) throw new Error(JSON.stringify(uploaded));
  return uploaded.data.key;
}

const review = async (
  orderId: number,
  body: Record<string, unknown>,
  token = customer.token,
  method = 'POST',
) =>
  (
    await call(app, {
      method: method as 'POST',
      url: `/app/orders/${orderId}/review`,
      token,
      payload: { rating: 5, tags: ['professional'], text: '', photoKeys: [], isAnonymous: false, ...body },
    })
  ).json();

const reviewsOfOrder = async (orderId: number) =>
  (
    await queryRows<{ count: number }>(
      database.db,
      sql`select count(*)::int as count from reviews where order_id = ${orderId}`,
    )
  )[0]?.count;

const therapistRating = async () =>
  (
    await queryRows<{ rating: number; review_count: number }>(
      database.db,
      sql`select rating, review_count from therapists where id = ${therapist.therapistId}`,
    )
  )[0];

const complain = async (body: Record<string, unknown>, token = customer.token) =>
  (
    await call(app, {
      method: 'POST',
      url: '/app/complaints',
      token,
      payload: {
        type: 'service',
        title: 'Too short',
        content: 'The massage ended early.',
        imageKeys: [],
        ...body,
      },
    })
  ).json();

describe('reviews', () => {
  it('reviews a finished visit with tags, a photo and anonymity; the order completes and the rating shows in discovery', async () => {
    const order = await orderUpTo();
    const key = await photoKey();
    const written = await review(order.id, {
      rating: 4,
      tags: ['professional', 'punctual'],
      text: 'Strong hands, on time.',
      photoKeys: [key],
      isAnonymous: true,
    });
    expect(written.code).toBe(0);
    expect(written.data).toMatchObject({ rating: 4, tags: ['professional', 'punctual'], isAnonymous: true });
    expect(written.data.photos).toEqual([{ key, url: `/app/uploads/${key}` }]);
    const detail = await s.get(`/app/orders/${order.id}`, customer.token);
    expect(detail.data.status).toBe('completed');
    // The therapist's rating and count moved in the same transaction and discovery shows them.
    expect(await therapistRating()).toEqual({ rating: 4, review_count: 1 });
    const profile = await s.get(`/app/therapists/${therapist.therapistId}`, stranger.token);
    expect(profile.data.reviewCount).toBe(1);
    expect(profile.data.reviews[0]).toMatchObject({ rating: 4, tags: ['professional', 'punctual'] });
    const page = await s.get(
      `/app/therapists/${therapist.therapistId}/reviews?page=1&pageSize=5`,
      stranger.token,
    );
    expect(page.data.items).toHaveLength(1);
    expect(page.data.items[0].authorName).toMatch(/^.\*\*\*$/);
    expect(page.data.items[0].photos).toEqual([`/app/uploads/${key}`]);
    // The stored photo is a re-encoded WebP without the camera's metadata.
    const stored = await app.inject({ method: 'GET', url: `/app/uploads/${key}` });
    const meta = await sharp(stored.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
  });

  it('refuses a zero rating and four tags with their own messages, storing nothing', async () => {
    const order = await orderUpTo();
    const zero = await review(order.id, { rating: 0 }, customer.token);
    expect(zero.code).toBe(ERROR_CODES.reviewRatingRequired.code);
    expect(zero.msg).toMatch(/1 to 5/);
    const four = await review(order.id, { tags: ['professional', 'punctual', 'clean', 'friendly'] });
    expect(four.code).toBe(ERROR_CODES.reviewTagCount.code);
    const none = await review(order.id, { tags: [] });
    expect(none.code).toBe(ERROR_CODES.reviewTagCount.code);
    const vietnamese = (
      await call(app, {
        method: 'POST',
        url: `/app/orders/${order.id}/review`,
        token: customer.token,
        headers: { lang: 'vi-VN' },
        payload: { rating: 0, tags: ['clean'] },
      })
    ).json();
    expect(vietnamese.msg).toBe('Vui lòng chấm từ 1 đến 5 sao.');
    expect(await reviewsOfOrder(order.id)).toBe(0);
    expect((await s.get(`/app/orders/${order.id}`, customer.token)).data.status).toBe('serviceEnded');
  });

  it("answers someone else's order as not found, its other parties as not theirs to review, and refuses an unfinished one", async () => {
    const order = await orderUpTo();
    expect((await review(order.id, {}, stranger.token)).code).toBe(ERROR_CODES.notFound.code);
    // Staff and the provider see the order (decision 102); reviewing it is the customer's.
    expect((await review(order.id, {}, await s.staffToken())).code).toBe(
      ERROR_CODES.orderActorNotAllowed.code,
    );
    expect((await review(order.id, {}, therapist.token)).code).toBe(ERROR_CODES.orderActorNotAllowed.code);
    const unfinished = await orderUpTo('accept');
    expect((await review(unfinished.id, {})).code).toBe(ERROR_CODES.orderNotReviewable.code);
    expect(await reviewsOfOrder(order.id)).toBe(0);
    expect(await reviewsOfOrder(unfinished.id)).toBe(0);
  });

  it("refuses a second review and someone else's photo; edits within 48 hours only", async () => {
    const order = await orderUpTo();
    const othersKey = await photoKey(stranger.token);
    const foreignPhoto = await review(order.id, { photoKeys: [othersKey] });
    expect(foreignPhoto.code).toBe(ERROR_CODES.careImageUnknown.code);
    expect((await review(order.id, { rating: 5 })).code).toBe(0);
    const second = await review(order.id, { rating: 1 });
    expect(second.code).toBe(ERROR_CODES.reviewAlreadyWritten.code);
    expect(await reviewsOfOrder(order.id)).toBe(1);

    const edited = await review(order.id, { rating: 3, tags: ['clean'] }, customer.token, 'PUT');
    expect(edited.code).toBe(0);
    expect(edited.data.rating).toBe(3);
    const mine = await s.get(`/app/orders/${order.id}/review`, customer.token);
    expect(mine.data).toMatchObject({ rating: 3, tags: ['clean'] });

    s.clock.advance(48 * HOUR + 60_000);
    const late = await review(order.id, { rating: 1 }, customer.token, 'PUT');
    expect(late.code).toBe(ERROR_CODES.reviewEditWindowClosed.code);
    expect((await s.get(`/app/orders/${order.id}/review`, customer.token)).data.rating).toBe(3);
  });

  it('lets the therapist reply once; customer service hides a review with a reason, audited, and the rating is recomputed', async () => {
    const order = await orderUpTo();
    const written = await review(order.id, { rating: 1, text: 'Rude words here' });
    const before = await therapistRating();
    const reply = async (token: string, text = 'Sorry to hear that.') =>
      (
        await call(app, {
          method: 'POST',
          url: `/app/reviews/${written.data.id}/reply`,
          token,
          payload: { text },
        })
      ).json();
    expect((await reply(stranger.token)).code).toBe(ERROR_CODES.notFound.code);
    expect((await reply(therapist.token)).code).toBe(0);
    expect((await reply(therapist.token, 'Again')).code).toBe(ERROR_CODES.reviewAlreadyReplied.code);

    const hide = async (token: string, reason: string) =>
      (
        await call(app, {
          method: 'POST',
          url: `/app/staff/reviews/${written.data.id}/hide`,
          token,
          payload: { reason },
        })
      ).json();
    expect((await hide(customer.token, 'mine')).code).toBe(ERROR_CODES.forbidden.code);
    const staff = await s.staffToken();
    expect((await hide(staff, '   ')).code).toBe(ERROR_CODES.validationFailed.code);
    expect((await hide(staff, 'Insults the therapist')).code).toBe(0);
    expect((await hide(staff, 'Again')).code).toBe(ERROR_CODES.reviewAlreadyHidden.code);
    const after = await therapistRating();
    expect(after?.review_count).toBe((before?.review_count ?? 0) - 1);
    expect(after?.rating).toBeGreaterThan(before?.rating ?? 0);
    const audit = await queryRows<{ action: string; reason: string; after: { hiddenReason: string } }>(
      database.db,
      sql`select action, reason, after from care_staff_audit where subject = 'review' and subject_id = ${written.data.id}`,
    );
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'hide',
        reason: 'Insults the therapist',
        after: expect.objectContaining({ hiddenReason: 'Insults the therapist' }),
      }),
    ]);
    const page = await s.get(`/app/therapists/${therapist.therapistId}/reviews`, stranger.token);
    expect(page.data.items.map((item: { id: number }) => item.id)).not.toContain(written.data.id);
  });

  it('refuses a file that is not an image', async () => {
    const response = (await uploadImage(customer.token, Buffer.from('%PDF-1.4 not a photo'), 'x.png')).json();
    expect(response.code).toBe(ERROR_CODES.imageInvalid.code);
  });
});

describe('complaints', () => {
  it('needs an image, and closes 7 days after the order ended; nothing is stored', async () => {
    const order = await orderUpTo();
    const noImage = await complain({ orderId: order.id });
    expect(noImage.code).toBe(ERROR_CODES.complaintImageRequired.code);
    const key = await photoKey();
    s.clock.advance(7 * DAY + 60_000);
    const late = await complain({ orderId: order.id, imageKeys: [key] });
    expect(late.code).toBe(ERROR_CODES.complaintWindowClosed.code);
    const count = await queryRows<{ count: number }>(
      database.db,
      sql`select count(*)::int as count from complaints where order_id = ${order.id}`,
    );
    expect(count[0]?.count).toBe(0);
    const unfinished = await orderUpTo('accept');
    expect((await complain({ orderId: unfinished.id, imageKeys: [key] })).code).toBe(
      ERROR_CODES.orderNotComplainable.code,
    );
    expect((await complain({ orderId: order.id, imageKeys: [key] }, stranger.token)).code).toBe(
      ERROR_CODES.notFound.code,
    );
  });

  it('is filed, decided by customer service with a reply (audited), and the customer sees it and is notified', async () => {
    const order = await orderUpTo();
    const key = await photoKey();
    const filed = await complain({ orderId: order.id, imageKeys: [key], type: 'lateness' });
    expect(filed.code).toBe(0);
    expect(filed.data).toMatchObject({ status: 'pending', reply: null, orderNumber: order.orderNumber });

    // A foreign complaint id answers as not found.
    const foreign = await s.get(`/app/complaints/${filed.data.id}`, stranger.token);
    expect(foreign.code).toBe(ERROR_CODES.notFound.code);
    const decide = async (token: string, body: Record<string, unknown>) =>
      (
        await call(app, {
          method: 'POST',
          url: `/app/staff/complaints/${filed.data.id}/decision`,
          token,
          payload: body,
        })
      ).json();
    expect((await decide(customer.token, { status: 'handled', reply: 'x' })).code).toBe(
      ERROR_CODES.forbidden.code,
    );
    const staff = await s.staffToken();
    const pending = await s.get('/app/staff/complaints?status=pending', staff);
    expect(pending.data.items.map((item: { id: number }) => item.id)).toContain(filed.data.id);
    const rejected = await decide(staff, {
      status: 'rejected',
      reply: 'The provider arrived on time per GPS.',
    });
    expect(rejected.code).toBe(0);
    expect((await decide(staff, { status: 'handled', reply: 'Changed my mind' })).code).toBe(
      ERROR_CODES.complaintAlreadyDecided.code,
    );

    const mine = await s.get('/app/complaints', customer.token);
    expect(mine.data.items[0]).toMatchObject({
      id: filed.data.id,
      status: 'rejected',
      reply: 'The provider arrived on time per GPS.',
    });
    const audit = await queryRows<{ action: string; before: { status: string }; after: { status: string } }>(
      database.db,
      sql`select action, before, after from care_staff_audit where subject = 'complaint' and subject_id = ${filed.data.id}`,
    );
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'reject',
        before: expect.objectContaining({ status: 'pending' }),
        after: expect.objectContaining({ status: 'rejected' }),
      }),
    ]);
    await s.settle();
    const notes = await s.get('/app/notifications', customer.token);
    expect(notes.data.items.map((note: { messageKey: string }) => note.messageKey)).toContain(
      'complaintRejected',
    );
  });
});

describe('in-store reviews', () => {
  it('rate the store, and the therapist who served only when the customer chooses', async () => {
    const store = await createStore(database, s.city.id, s.project.id);
    await database.db.execute(
      sql`update therapists set store_id = ${store.id} where id = ${therapist.therapistId}`,
    );
    const counter = await registerUser(app);
    await grantRoles(app, database, counter.user.id, ['merchant']);
    await database.db.insert(storeStaff).values({ storeId: store.id, userId: counter.user.id });

    async function consumedVisit(hourUtc: number) {
      const start = new Date(s.clock.now().getTime() + 3 * DAY);
      start.setUTCHours(hourUtc, 0, 0, 0);
      const booked = (
        await call(app, {
          method: 'POST',
          url: '/app/orders/in-store',
          token: customer.token,
          payload: {
            storeId: store.id,
            projectId: s.project.id,
            therapistId: therapist.therapistId,
            clocks: 1,
            startsAt: start.toISOString(),
            agreeTerms: true,
          },
        })
      ).json();
      if (booked.code !== 0) throw new Error(JSON.stringify(booked));
      await s.payments.systemTransition(booked.data.id, 'pay');
      // Not consumed yet: nothing to review.
      expect((await review(booked.data.id, {})).code).toBe(ERROR_CODES.orderNotReviewable.code);
      const consumed = await call(app, {
        method: 'POST',
        url: '/app/store/orders/consume',
        token: counter.token,
        payload: { code: booked.data.verificationCode },
      });
      expect(consumed.json().data.status).toBe('consumed');
      return booked.data as { id: number };
    }
    const storeRating = async () =>
      (
        await queryRows<{ rating: number; review_count: number }>(
          database.db,
          sql`select rating, review_count from stores where id = ${store.id}`,
        )
      )[0];

    const first = await consumedVisit(4);
    const therapistBefore = await therapistRating();
    const storeOnly = await review(first.id, { rating: 2, tags: ['clean'], includesTherapist: false });
    expect(storeOnly.code).toBe(0);
    expect(storeOnly.data).toMatchObject({ storeId: store.id, therapistId: null });
    expect(await storeRating()).toEqual({ rating: 2, review_count: 1 });
    expect(await therapistRating()).toEqual(therapistBefore);

    const second = await consumedVisit(7);
    const both = await review(second.id, { rating: 5, tags: ['relaxing'], includesTherapist: true });
    expect(both.data).toMatchObject({ storeId: store.id, therapistId: therapist.therapistId });
    expect(await storeRating()).toEqual({ rating: 3.5, review_count: 2 });
    expect((await therapistRating())?.review_count).toBe((therapistBefore?.review_count ?? 0) + 1);
    const storePage = await s.get(`/app/stores/${store.id}/reviews`, stranger.token);
    expect(storePage.data.items.map((item: { rating: number }) => item.rating)).toEqual([5, 2]);
  });
});
