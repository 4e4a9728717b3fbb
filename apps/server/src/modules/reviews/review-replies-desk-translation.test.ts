import { ERROR_CODES } from '@sabai/shared/error-codes';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call } from '../../../test/identity-helpers';
import { createOrderScenario } from '../../../test/order-scenario';
import { queryRows } from '../../db/client';

const s = await createOrderScenario();
const { app, database, customer, stranger, therapist, other } = s;
const DAY = 24 * 60 * 60_000;

let slot = 0;
/** A paid home visit its therapist has ended, so its customer may review it. */
async function endedOrder() {
  const start = new Date(s.clock.now().getTime() + (1 + Math.floor(slot / 5)) * DAY);
  start.setUTCHours(3 + (slot % 5) * 2, 0, 0, 0);
  slot++;
  const order = await s.book(start.toISOString());
  await s.payments.systemTransition(order.id, 'pay');
  for (const step of ['accept', 'depart', 'arrive', 'start', 'end']) {
    const moved = await s.step(order.id, step, therapist.token);
    if (moved.code !== 0) throw new Error(`${step}: ${JSON.stringify(moved)}`);
  }
  return order;
}

const send = async (method: 'POST' | 'PUT', url: string, token: string, payload: object) =>
  (await call(app, { method, url, token, payload })).json();

async function writtenReview(body: Record<string, unknown>) {
  const order = await endedOrder();
  const written = await send('POST', `/app/orders/${order.id}/review`, customer.token, {
    rating: 5,
    tags: ['professional'],
    text: '',
    photoKeys: [],
    isAnonymous: false,
    ...body,
  });
  if (written.code !== 0) throw new Error(JSON.stringify(written));
  return { orderId: order.id, reviewId: written.data.id as number };
}

const reply = (reviewId: number, token: string, text = 'Thank you for your review!') =>
  send('POST', `/app/reviews/${reviewId}/reply`, token, { text });
const hide = (reviewId: number, token: string, reason = 'Shares a phone number') =>
  send('POST', `/app/staff/reviews/${reviewId}/hide`, token, { reason });
const translation = (reviewId: number, lang: string) =>
  call(app, { method: 'GET', url: `/app/reviews/${reviewId}/translation`, headers: { lang } }).then((r) =>
    r.json(),
  );
const cachedLanguages = async (reviewId: number) =>
  (
    await queryRows<{ language: string }>(
      database.db,
      sql`select language from review_translations where review_id = ${reviewId} order by language`,
    )
  ).map((row) => row.language);
const therapistRating = async () =>
  (
    await queryRows<{ rating: number; review_count: number }>(
      database.db,
      sql`select rating, review_count from therapists where id = ${therapist.therapistId}`,
    )
  )[0];

describe("the therapist's one reply (workbench)", () => {
  it('lists the reviews about me, takes one reply that shows on the public list, refuses a second', async () => {
    const { reviewId } = await writtenReview({ rating: 4, text: 'Great massage. Arrived on time.' });
    const mine = await s.get('/app/therapists/me/reviews', therapist.token);
    expect(mine.code).toBe(0);
    expect(mine.data.items[0]).toMatchObject({ id: reviewId, reply: null, repliedAt: null });

    expect((await reply(reviewId, therapist.token)).data).toMatchObject({
      id: reviewId,
      reply: 'Thank you for your review!',
    });
    const second = await reply(reviewId, therapist.token, 'And again');
    expect(second.code).toBe(ERROR_CODES.reviewAlreadyReplied.code);
    const listed = await s.get(`/app/therapists/${therapist.therapistId}/reviews`, stranger.token);
    expect(listed.data.items.find((item: { id: number }) => item.id === reviewId)?.reply).toBe(
      'Thank you for your review!',
    );
    expect(
      (await s.get('/app/therapists/me/reviews', therapist.token)).data.items[0].repliedAt,
    ).not.toBeNull();
  });

  it('refuses a reply to a review about another therapist, and the list to someone who is no therapist', async () => {
    const { reviewId } = await writtenReview({ rating: 5 });
    const foreign = await reply(reviewId, other.token, 'Not my customer');
    expect(foreign.code).toBe(ERROR_CODES.notFound.code);
    expect((await reply(2_000_000, therapist.token)).code).toBe(ERROR_CODES.notFound.code);
    const [row] = await queryRows<{ reply: string | null }>(
      database.db,
      sql`select reply from reviews where id = ${reviewId}`,
    );
    expect(row?.reply).toBeNull();
    expect((await s.get('/app/therapists/me/reviews', customer.token)).code).toBe(ERROR_CODES.notFound.code);
    expect((await s.get(`/app/therapists/me/reviews`, other.token)).data.items).toEqual([]);
  });
});

describe('customer service hides a review (desk)', () => {
  it('lists low ratings, hides one with a reason in one transaction with the rating, audited', async () => {
    const { reviewId } = await writtenReview({ rating: 1, text: 'Call me on my number' });
    const before = await therapistRating();
    const staff = await s.staffToken();
    const low = await s.get('/app/staff/reviews?status=visible&maxRating=2', staff);
    expect(low.data.items.map((item: { id: number }) => item.id)).toContain(reviewId);
    expect(low.data.items.every((item: { rating: number }) => item.rating <= 2)).toBe(true);
    expect(low.data.items.find((item: { id: number }) => item.id === reviewId)).toMatchObject({
      therapistName: expect.any(String),
      hiddenAt: null,
    });

    expect((await hide(reviewId, staff)).data).toMatchObject({ id: reviewId, isHidden: true });
    const after = await therapistRating();
    expect(after?.review_count).toBe((before?.review_count ?? 0) - 1);
    expect(after?.rating).toBeGreaterThan(before?.rating ?? 0);
    const hidden = await s.get('/app/staff/reviews?status=hidden', staff);
    expect(hidden.data.items[0]).toMatchObject({ id: reviewId, hiddenReason: 'Shares a phone number' });
    const [audit] = await queryRows<{ action: string; staff_id: number }>(
      database.db,
      sql`select action, staff_id from care_staff_audit where subject = 'review' and subject_id = ${reviewId}`,
    );
    expect(audit?.action).toBe('hide');
  });

  it('refuses non-staff (the list and the hide) and answers an unknown review as not found', async () => {
    const { reviewId } = await writtenReview({ rating: 2 });
    expect((await hide(reviewId, therapist.token)).code).toBe(ERROR_CODES.forbidden.code);
    expect((await hide(reviewId, customer.token)).code).toBe(ERROR_CODES.forbidden.code);
    expect((await s.get('/app/staff/reviews', customer.token)).code).toBe(ERROR_CODES.forbidden.code);
    const staff = await s.staffToken();
    expect((await hide(2_000_000, staff)).code).toBe(ERROR_CODES.notFound.code);
    const audits = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from care_staff_audit where subject_id in (${reviewId}, 2000000)`,
    );
    expect(audits[0]?.n).toBe(0);
    const [row] = await queryRows<{ is_hidden: boolean }>(
      database.db,
      sql`select hidden_at is not null as is_hidden from reviews where id = ${reviewId}`,
    );
    expect(row?.is_hidden).toBe(false);
  });
});

describe('translating a review on demand', () => {
  it("puts the review and its reply into the reader's language, cached per language, fresh after an edit", async () => {
    const { orderId, reviewId } = await writtenReview({
      rating: 5,
      text: 'Very professional! Highly recommended.',
    });
    await reply(reviewId, therapist.token, 'Thank you for your review');
    const thai = await translation(reviewId, 'th-TH');
    expect(thai).toMatchObject({
      code: 0,
      data: {
        reviewId,
        text: 'มืออาชีพมาก! แนะนำเลย',
        reply: 'ขอบคุณสำหรับรีวิว',
        sourceLang: 'en',
        targetLang: 'th',
      },
    });
    expect((await translation(reviewId, 'zh-TW')).data.text).toBe('非常專業！強烈推薦。');
    expect(await cachedLanguages(reviewId)).toEqual(['th', 'zh-TW']);

    // Within its 48 hours the author changes the text: the Thai translation is made again.
    const edited = await send('PUT', `/app/orders/${orderId}/review`, customer.token, {
      rating: 5,
      tags: ['professional'],
      text: 'I will book again',
      photoKeys: [],
      isAnonymous: false,
    });
    expect(edited.code).toBe(0);
    expect((await translation(reviewId, 'th-TH')).data.text).toBe('ฉันจะจองอีก');
  });

  it('fails clearly for text the translator cannot, and refuses hidden, unknown and empty reviews', async () => {
    const { reviewId: unknownText } = await writtenReview({
      rating: 4,
      text: 'Lovely garden view from the room',
    });
    const failed = await translation(unknownText, 'th-TH');
    expect(failed).toMatchObject({
      code: ERROR_CODES.translationFailed.code,
      msg: 'แปลไม่สำเร็จ โปรดลองอีกครั้งภายหลัง',
    });
    expect(await cachedLanguages(unknownText)).toEqual([]);

    const { reviewId: empty } = await writtenReview({ rating: 5, text: '' });
    expect((await translation(empty, 'en-US')).code).toBe(ERROR_CODES.reviewNothingToTranslate.code);

    const { reviewId: hiddenId } = await writtenReview({ rating: 1, text: 'Great massage' });
    expect((await hide(hiddenId, await s.staffToken())).code).toBe(0);
    expect((await translation(hiddenId, 'vi-VN')).code).toBe(ERROR_CODES.notFound.code);
    expect((await translation(2_000_000, 'vi-VN')).code).toBe(ERROR_CODES.notFound.code);
  });
});
