import { ERROR_CODES } from '@sabai/shared/error-codes';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { call } from '../../../test/identity-helpers';
import { createOrderScenario } from '../../../test/order-scenario';
import { queryRows } from '../../db/client';

const s = await createOrderScenario();
const { app, database, customer, stranger } = s;
const staffToken = await s.staffToken();

function uploadImage(token: string, data: Buffer, filename: string, contentType: string) {
  const boundary = '----sabai-feedback-boundary';
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

async function photoKey(token = customer.token): Promise<string> {
  const jpeg = await sharp({ create: { width: 200, height: 150, channels: 3, background: '#3366cc' } })
    .jpeg()
    .toBuffer();
  const uploaded = (await uploadImage(token, jpeg, 'screen.jpg', 'image/jpeg')).json();
  if (uploaded.code !== 0) throw new Error(JSON.stringify(uploaded));
  return uploaded.data.key;
}

const send = async (body: Record<string, unknown>, token = customer.token) =>
  (
    await call(app, {
      method: 'POST',
      url: '/app/feedback',
      token,
      payload: { type: 'appProblem', description: 'The map does not load.', contact: '', ...body },
    })
  ).json();

const post = async (url: string, token: string, payload: Record<string, unknown>) =>
  (await call(app, { method: 'POST', url, token, payload })).json();

const feedbackCount = async () =>
  (await queryRows<{ count: number }>(database.db, sql`select count(*)::int as count from feedback`))[0]
    ?.count;

const auditOf = (id: number) =>
  queryRows<{ action: string; staff_id: number; before: { status: string }; after: { status: string } }>(
    database.db,
    sql`select action, staff_id, before, after from care_staff_audit where subject = 'feedback' and subject_id = ${id} order by id`,
  );

describe('feedback', () => {
  it('is sent with an own order and an image, answered by customer service (audited, notified) and closed', async () => {
    const start = new Date(s.clock.now().getTime() + 2 * 24 * 60 * 60_000);
    start.setUTCHours(4, 0, 0, 0);
    const order = await s.book(start.toISOString());
    const key = await photoKey();
    const sent = await send({
      type: 'orderProblem',
      description: '  The therapist was late.  ',
      contact: 'Line: somchai',
      orderId: order.id,
      imageKeys: [key],
    });
    expect(sent.code).toBe(0);
    expect(sent.data).toMatchObject({
      status: 'pending',
      description: 'The therapist was late.',
      contact: 'Line: somchai',
      orderId: order.id,
      orderNumber: order.orderNumber,
      images: [{ key, url: `/app/uploads/${key}` }],
      replies: [],
    });
    const id = sent.data.id as number;

    // Customer service lists it by status, replies (pending → processing) and marks it handled.
    expect((await post(`/app/staff/feedback/${id}/replies`, customer.token, { text: 'x' })).code).toBe(
      ERROR_CODES.forbidden.code,
    );
    const pending = await s.get('/app/staff/feedback?status=pending&type=orderProblem', staffToken);
    expect(pending.data.items.map((item: { id: number }) => item.id)).toContain(id);
    const replied = await post(`/app/staff/feedback/${id}/replies`, staffToken, {
      text: 'Sorry, we spoke to the therapist.',
    });
    expect(replied.code).toBe(0);
    expect(replied.data.status).toBe('processing');
    const handled = await post(`/app/staff/feedback/${id}/status`, staffToken, { status: 'handled' });
    expect(handled.data.status).toBe('handled');
    // Backwards is refused.
    expect((await post(`/app/staff/feedback/${id}/status`, staffToken, { status: 'pending' })).code).toBe(
      ERROR_CODES.feedbackStatusNotAllowed.code,
    );

    // The customer reads the thread; their reply reopens handled feedback for customer service.
    const mine = await s.get(`/app/feedback/${id}`, customer.token);
    expect(mine.data.replies).toEqual([
      expect.objectContaining({ author: 'staff', text: 'Sorry, we spoke to the therapist.' }),
    ]);
    const answered = await post(`/app/feedback/${id}/replies`, customer.token, { text: 'Thank you!' });
    expect(answered.code).toBe(0);
    expect(answered.data.status).toBe('processing');
    expect(answered.data.replies.map((reply: { author: string }) => reply.author)).toEqual([
      'staff',
      'customer',
    ]);
    const list = await s.get('/app/feedback', customer.token);
    expect(list.data.items[0]).toMatchObject({ id, replyCount: 2, status: 'processing' });

    const closed = await post(`/app/staff/feedback/${id}/status`, staffToken, { status: 'closed' });
    expect(closed.data.status).toBe('closed');

    // Every staff action is audited: who, what, before and after.
    const audit = await auditOf(id);
    expect(audit.map((row) => [row.action, row.before.status, row.after.status])).toEqual([
      ['reply', 'pending', 'processing'],
      ['status', 'processing', 'handled'],
      ['status', 'processing', 'closed'],
    ]);
    expect(new Set(audit.map((row) => row.staff_id)).size).toBe(1);

    // The customer was told of each step.
    await s.settle();
    const notes = await s.get('/app/notifications', customer.token);
    const keys = notes.data.items
      .filter((note: { params: { feedbackId?: number } }) => note.params.feedbackId === id)
      .map((note: { messageKey: string; pushType: number; orderId: number | null }) => [
        note.messageKey,
        note.pushType,
        note.orderId,
      ]);
    expect(keys).toEqual(
      expect.arrayContaining([
        ['feedbackReplied', 13, null],
        ['feedbackHandled', 13, null],
        ['feedbackClosed', 13, null],
      ]),
    );
  });

  it('refuses bad input with clear errors and stores nothing', async () => {
    const before = await feedbackCount();
    // An empty (or blank) description.
    expect((await send({ description: '   ' })).code).toBe(ERROR_CODES.feedbackDescriptionRequired.code);
    // Someone else's order answers as not found; so does one that does not exist.
    const start = new Date(s.clock.now().getTime() + 3 * 24 * 60 * 60_000);
    start.setUTCHours(6, 0, 0, 0);
    const order = await s.book(start.toISOString());
    expect((await send({ orderId: order.id }, stranger.token)).code).toBe(ERROR_CODES.notFound.code);
    expect((await send({ orderId: 999_999 })).code).toBe(ERROR_CODES.notFound.code);
    // An image that is not an image is refused at the upload; a key that is not one's own at the send.
    const fake = await uploadImage(
      customer.token,
      Buffer.from('%PDF-1.4 not a picture'),
      'x.png',
      'image/png',
    );
    expect(fake.json().code).toBe(ERROR_CODES.imageInvalid.code);
    const strangersKey = await photoKey(stranger.token);
    expect((await send({ imageKeys: [strangersKey] })).code).toBe(ERROR_CODES.careImageUnknown.code);
    expect((await send({ type: 'compliment' })).code).toBe(ERROR_CODES.validationFailed.code);
    expect(await feedbackCount()).toBe(before);

    const sent = await send({});
    const id = sent.data.id as number;
    // An unknown feedback id and someone else's both answer as not found, to read and to reply.
    expect((await s.get('/app/feedback/999999', customer.token)).code).toBe(ERROR_CODES.notFound.code);
    expect((await s.get(`/app/feedback/${id}`, stranger.token)).code).toBe(ERROR_CODES.notFound.code);
    expect((await post(`/app/feedback/${id}/replies`, stranger.token, { text: 'hi' })).code).toBe(
      ERROR_CODES.notFound.code,
    );
    expect((await post('/app/staff/feedback/999999/replies', staffToken, { text: 'hi' })).code).toBe(
      ERROR_CODES.notFound.code,
    );
    expect((await post('/app/staff/feedback/999999/status', staffToken, { status: 'closed' })).code).toBe(
      ERROR_CODES.notFound.code,
    );
    expect((await post(`/app/feedback/${id}/replies`, customer.token, { text: ' ' })).code).toBe(
      ERROR_CODES.feedbackReplyRequired.code,
    );

    // Replying to a closed feedback is refused, for the customer and for staff; nothing is written.
    expect((await post(`/app/staff/feedback/${id}/status`, staffToken, { status: 'closed' })).code).toBe(0);
    expect((await post(`/app/feedback/${id}/replies`, customer.token, { text: 'Still there?' })).code).toBe(
      ERROR_CODES.feedbackClosed.code,
    );
    expect((await post(`/app/staff/feedback/${id}/replies`, staffToken, { text: 'Late answer' })).code).toBe(
      ERROR_CODES.feedbackClosed.code,
    );
    expect((await s.get(`/app/feedback/${id}`, customer.token)).data.replies).toEqual([]);
    // An anonymous caller gets "log in again".
    expect((await call(app, { method: 'GET', url: '/app/feedback' })).json().code).toBe(
      ERROR_CODES.unauthenticated.code,
    );
  });
});
