import { ERROR_CODES } from '@sabai/shared/error-codes';
import { HELP_CATEGORIES } from '@sabai/shared/help/help-rules';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call, grantRoles, registerUser } from '../../../test/identity-helpers';
import { createOrderScenario } from '../../../test/order-scenario';
import { queryRows } from '../../db/client';
import { excerptOf } from './articles.service';

const s = await createOrderScenario();
const { app, database, customer, stranger } = s;

const DAY = 24 * 60 * 60_000;

const LANG = { en: 'en-US', vi: 'vi-VN', km: 'km-KH', th: 'th-TH' } as const;
const get = async (url: string, token?: string, lang: string = LANG.en) =>
  (await call(app, { method: 'GET', url, ...(token ? { token } : {}), headers: { lang } })).json();
const send = async (
  method: 'POST' | 'PUT',
  url: string,
  token: string | undefined,
  payload: unknown,
  lang: string = LANG.en,
) =>
  (
    await call(app, {
      method,
      url,
      ...(token ? { token } : {}),
      payload: payload as object,
      headers: { lang },
    })
  ).json();

interface ListAnswer {
  categories: { category: string; articles: { id: number; title: string; excerpt: string }[] }[];
}
const titles = (data: ListAnswer) =>
  data.categories.flatMap((group) => group.articles.map((article) => article.title));
const count = async (table: string) =>
  (await queryRows<{ n: number }>(database.db, sql.raw(`select count(*)::int as n from ${table}`)))[0]?.n ??
  0;

const articleBody = (title = 'How do tips work?') => ({
  category: 'payment',
  sortOrder: 50,
  texts: {
    en: {
      title,
      body: 'Tips go 100% to your therapist.\n\nYou can tip from the order page after the service.',
    },
  },
});

describe('help centre for readers', () => {
  it('lists the seeded articles by category, in the spec order, in each language', async () => {
    const en = await get('/app/help/articles');
    expect(en.code).toBe(0);
    const order = (en.data as ListAnswer).categories.map((group) => group.category);
    expect(order).toEqual(HELP_CATEGORIES.filter((category) => order.includes(category)));
    expect(order).toEqual(
      expect.arrayContaining(['booking', 'payment', 'cancellation', 'safety', 'therapists']),
    );
    expect(titles(en.data)).toContain('When will I get my refund?');

    const vi = await get('/app/help/articles', undefined, LANG.vi);
    expect(titles(vi.data)).toContain('Khi nào tôi nhận được tiền hoàn?');
    const km = await get('/app/help/articles', undefined, LANG.km);
    expect(titles(km.data).some((title) => /[\u1780-\u17FF]/.test(title))).toBe(true);
  });

  it("searches titles and bodies in the reader's language and in English, literally", async () => {
    const refund = await get('/app/help/articles?q=refund');
    expect(titles(refund.data)).toContain('When will I get my refund?');
    expect(titles(refund.data)).not.toContain('I did not receive the SMS code');

    const vi = await get(`/app/help/articles?q=${encodeURIComponent('hoàn tiền')}`, undefined, LANG.vi);
    expect(titles(vi.data)).toContain('Khi nào tôi nhận được tiền hoàn?');
    // An English word still finds the article for a Vietnamese reader (shown in Vietnamese).
    const viByEnglish = await get('/app/help/articles?q=PromptPay', undefined, LANG.vi);
    expect(titles(viByEnglish.data)).toContain('Tôi có thể thanh toán bằng cách nào?');

    // Pattern characters are text, not wildcards.
    expect((await get('/app/help/articles?q=%25')).data.categories).toEqual([]);
    expect((await get('/app/help/articles?q=zzqqxx')).data.categories).toEqual([]);
  });

  it('filters by category and refuses an unknown one or an over-long query', async () => {
    const safety = await get('/app/help/articles?category=safety');
    expect((safety.data as ListAnswer).categories.map((group) => group.category)).toEqual(['safety']);
    expect((await get('/app/help/articles?category=casino')).code).toBe(ERROR_CODES.validationFailed.code);
    expect((await get(`/app/help/articles?q=${'a'.repeat(61)}`)).code).toBe(
      ERROR_CODES.validationFailed.code,
    );
  });

  it('opens an article, and answers an unknown or malformed id clearly', async () => {
    const list = (await get('/app/help/articles?category=safety', undefined, LANG.vi)).data as ListAnswer;
    const id = list.categories[0]?.articles[0]?.id;
    const detail = await get(`/app/help/articles/${id}`, undefined, LANG.vi);
    expect(detail.code).toBe(0);
    expect(detail.data).toMatchObject({ id, category: 'safety', language: 'vi' });
    expect(detail.data.body).toContain('113');

    const unknown = await get('/app/help/articles/999999', undefined, LANG.vi);
    expect(unknown.code).toBe(ERROR_CODES.helpArticleNotFound.code);
    expect(unknown.msg).toBe('Bài viết trợ giúp này không tồn tại hoặc không còn khả dụng.');
    expect((await get('/app/help/articles/abc')).code).toBe(ERROR_CODES.validationFailed.code);
    expect((await get('/app/help/articles/0')).code).toBe(ERROR_CODES.validationFailed.code);
  });
});

describe('help articles for customer service', () => {
  it('refuses anonymous callers and customers, storing nothing', async () => {
    const before = await count('help_articles');
    expect((await send('POST', '/app/staff/help/articles', undefined, articleBody())).code).toBe(401);
    expect((await send('POST', '/app/staff/help/articles', customer.token, articleBody())).code).toBe(
      ERROR_CODES.forbidden.code,
    );
    const anyId = (await get('/app/staff/help/articles', customer.token)).code;
    expect(anyId).toBe(ERROR_CODES.forbidden.code);
    const list = (await get('/app/help/articles?category=safety')).data as ListAnswer;
    const id = list.categories[0]?.articles[0]?.id;
    expect(
      (await send('PUT', `/app/staff/help/articles/${id}`, customer.token, articleBody('Hacked'))).code,
    ).toBe(ERROR_CODES.forbidden.code);
    expect(
      (await send('POST', `/app/staff/help/articles/${id}/publish`, customer.token, { isPublished: false }))
        .code,
    ).toBe(ERROR_CODES.forbidden.code);
    expect(await count('help_articles')).toBe(before);
    expect((await get(`/app/help/articles/${id}`)).data.title).not.toBe('Hacked');
  });

  it('creates, edits and unpublishes an article, each step audited with before and after', async () => {
    const staff = await registerUser(app);
    await grantRoles(app, database, staff.user.id, ['customer_service']);

    const made = await send('POST', '/app/staff/help/articles', staff.token, articleBody());
    expect(made.code).toBe(0);
    const id = made.data.id as number;
    // English only so far: a Vietnamese reader gets the English text, marked as such.
    const fallback = await get(`/app/help/articles/${id}`, undefined, LANG.vi);
    expect(fallback.data).toMatchObject({ title: 'How do tips work?', language: 'en' });

    const edited = await send('PUT', `/app/staff/help/articles/${id}`, staff.token, {
      ...articleBody('How do tips work?'),
      texts: {
        ...articleBody().texts,
        vi: { title: 'Tiền tip hoạt động thế nào?', body: 'Toàn bộ tiền tip thuộc về kỹ thuật viên.' },
      },
    });
    expect(edited.code).toBe(0);
    expect((await get(`/app/help/articles/${id}`, undefined, LANG.vi)).data).toMatchObject({
      title: 'Tiền tip hoạt động thế nào?',
      language: 'vi',
    });
    expect(titles((await get('/app/help/articles?q=tip', undefined, LANG.vi)).data)).toContain(
      'Tiền tip hoạt động thế nào?',
    );

    const hidden = await send('POST', `/app/staff/help/articles/${id}/publish`, staff.token, {
      isPublished: false,
    });
    expect(hidden.data.isPublished).toBe(false);
    expect((await get(`/app/help/articles/${id}`)).code).toBe(ERROR_CODES.helpArticleNotFound.code);
    expect(titles((await get('/app/help/articles?q=tips')).data)).not.toContain('How do tips work?');
    // Staff still see it, to publish it again.
    const staffList = await get('/app/staff/help/articles', staff.token);
    expect(staffList.data.find((article: { id: number }) => article.id === id)).toMatchObject({
      isPublished: false,
    });

    const audit = await get(`/app/staff/help/audit?subject=article&id=${id}`, staff.token);
    expect(audit.data.map((entry: { action: string }) => entry.action)).toEqual([
      'create',
      'update',
      'unpublish',
    ]);
    expect(audit.data.every((entry: { staffId: number }) => entry.staffId === staff.user.id)).toBe(true);
    expect(audit.data[0].before).toBeNull();
    expect(audit.data[1].before.texts).not.toHaveProperty('vi');
    expect(audit.data[1].after.texts.vi.title).toBe('Tiền tip hoạt động thế nào?');
    expect(audit.data[2]).toMatchObject({ before: { isPublished: true }, after: { isPublished: false } });
    expect((await get(`/app/staff/help/audit?subject=article&id=${id}`, customer.token)).code).toBe(
      ERROR_CODES.forbidden.code,
    );
  });

  it('refuses bad edits clearly and stores nothing', async () => {
    const token = await s.staffToken();
    const before = await count('help_staff_audit');
    const unknown = await send('PUT', '/app/staff/help/articles/999999', token, articleBody());
    expect(unknown.code).toBe(ERROR_CODES.helpArticleNotFound.code);
    expect(
      (await send('POST', '/app/staff/help/articles/999999/publish', token, { isPublished: false })).code,
    ).toBe(ERROR_CODES.helpArticleNotFound.code);
    const noEnglish = await send('POST', '/app/staff/help/articles', token, {
      category: 'payment',
      texts: { vi: { title: 'Chỉ tiếng Việt', body: 'Không có tiếng Anh.' } },
    });
    expect(noEnglish.code).toBe(ERROR_CODES.validationFailed.code);
    const badCategory = await send('POST', '/app/staff/help/articles', token, {
      ...articleBody(),
      category: 'casino',
    });
    expect(badCategory.code).toBe(ERROR_CODES.validationFailed.code);
    const unknownLanguage = await send('POST', '/app/staff/help/articles', token, {
      ...articleBody(),
      texts: { ...articleBody().texts, fr: { title: 'Pourboires', body: 'Texte' } },
    });
    expect(unknownLanguage.code).toBe(ERROR_CODES.validationFailed.code);
    const emptyTitle = await send('POST', '/app/staff/help/articles', token, {
      ...articleBody(),
      texts: { en: { title: '   ', body: 'Body' } },
    });
    expect(emptyTitle.code).toBe(ERROR_CODES.validationFailed.code);
    expect(await count('help_staff_audit')).toBe(before);
  });
});

describe('contact customer service', () => {
  it('needs a login, answers clearly when nobody is on duty, then opens the support chat', async () => {
    expect((await get('/app/help/customer-service')).code).toBe(401);
    // The other tests' agents are the only ones: take their role away to see the empty case.
    await database.db.execute(sql`delete from user_roles where role = 'customer_service'`);
    const none = await get('/app/help/customer-service', stranger.token, LANG.vi);
    expect(none.code).toBe(ERROR_CODES.customerServiceUnavailable.code);
    expect(none.msg).toContain('chăm sóc khách hàng');

    const agent = await registerUser(app);
    await grantRoles(app, database, agent.user.id, ['customer_service']);
    const contact = await get('/app/help/customer-service', stranger.token);
    expect(contact.data).toEqual({ agentUid: agent.user.id });
    const opened = await send('POST', '/app/chat/conversations', stranger.token, {
      toUid: contact.data.agentUid,
    });
    expect(opened.code).toBe(0);

    // A second agent does not take over a conversation the customer already has.
    const second = await registerUser(app);
    await grantRoles(app, database, second.user.id, ['customer_service']);
    expect((await get('/app/help/customer-service', stranger.token)).data.agentUid).toBe(agent.user.id);
    // A new customer goes to the agent with fewer conversations.
    expect((await get('/app/help/customer-service', customer.token)).data.agentUid).toBe(second.user.id);
  });
});

describe('agreements', () => {
  const acceptancesOf = (userId: number) =>
    queryRows<{ kind: string; version: number; context: string }>(
      database.db,
      sql`select kind, version, context from agreement_acceptances where user_id = ${userId} order by kind, version`,
    );
  const texts = (title: string) =>
    Object.fromEntries(
      ['en', 'km', 'th', 'vi', 'zh-CN', 'zh-TW'].map((language) => [
        language,
        {
          title: `${title} (${language})`,
          sections: [{ heading: '1. Changes', body: ['We now also cover spa visits.'] }],
        },
      ]),
    );

  it("serves the current texts in the reader's language; an unknown kind is refused", async () => {
    const vi = await get('/app/agreements/privacy', undefined, LANG.vi);
    expect(vi.data).toMatchObject({
      kind: 'privacy',
      version: 1,
      language: 'vi',
      title: 'Chính sách quyền riêng tư',
    });
    const order = await get('/app/agreements/order', undefined, LANG.th);
    expect(order.data).toMatchObject({ kind: 'order', title: 'ข้อตกลงการสั่งจอง' });
    expect(order.data.sections.length).toBeGreaterThan(3);
    expect((await get('/app/agreements/cookies')).code).toBe(ERROR_CODES.validationFailed.code);
  });

  it('stores the versions accepted at sign-up and when ordering', async () => {
    const fresh = await registerUser(app);
    expect(await acceptancesOf(fresh.user.id)).toEqual([
      { kind: 'privacy', version: 1, context: 'signUp' },
      { kind: 'user', version: 1, context: 'signUp' },
    ]);
    const start = new Date(s.clock.now().getTime() + DAY);
    start.setUTCHours(4, 0, 0, 0);
    await s.book(start.toISOString());
    expect(await acceptancesOf(customer.id)).toEqual(
      expect.arrayContaining([{ kind: 'order', version: 1, context: 'order' }]),
    );
  });

  it('asks again after a new version, refuses an old or unknown version, and remembers the acceptance', async () => {
    const staff = await registerUser(app);
    await grantRoles(app, database, staff.user.id, ['customer_service']);
    const mine = async () =>
      (await get('/app/agreements/mine', stranger.token)).data as {
        kind: string;
        mustAccept: boolean;
        currentVersion: number;
      }[];
    expect((await mine()).every((row) => !row.mustAccept)).toBe(true);
    expect((await get('/app/agreements/mine')).code).toBe(401);

    // Only customer service publishes, with every language, and only a higher number.
    const versionsBefore = await count('agreement_versions');
    expect(
      (
        await send('POST', '/app/staff/agreements/user/versions', stranger.token, {
          version: 2,
          texts: texts('User'),
        })
      ).code,
    ).toBe(ERROR_CODES.forbidden.code);
    const { 'zh-TW': _missing, ...fiveLanguages } = texts('User');
    expect(
      (
        await send('POST', '/app/staff/agreements/user/versions', staff.token, {
          version: 2,
          texts: fiveLanguages,
        })
      ).code,
    ).toBe(ERROR_CODES.validationFailed.code);
    expect(
      (
        await send('POST', '/app/staff/agreements/user/versions', staff.token, {
          version: 1,
          texts: texts('User'),
        })
      ).code,
    ).toBe(ERROR_CODES.agreementVersionNotNewer.code);
    expect(await count('agreement_versions')).toBe(versionsBefore);

    const published = await send('POST', '/app/staff/agreements/user/versions', staff.token, {
      version: 2,
      texts: texts('User'),
    });
    expect(published.data).toMatchObject({ kind: 'user', version: 2 });
    expect(
      (
        await send('POST', '/app/staff/agreements/user/versions', staff.token, {
          version: 2,
          texts: texts('User'),
        })
      ).code,
    ).toBe(ERROR_CODES.agreementVersionNotNewer.code);
    expect((await get('/app/agreements/user', undefined, LANG.vi)).data).toMatchObject({
      version: 2,
      title: 'User (vi)',
    });
    expect((await mine()).find((row) => row.kind === 'user')).toMatchObject({
      currentVersion: 2,
      mustAccept: true,
    });

    const acceptancesBefore = await acceptancesOf(stranger.id);
    const old = await send(
      'POST',
      '/app/agreements/accept',
      stranger.token,
      { accepted: [{ kind: 'user', version: 1 }] },
      LANG.vi,
    );
    expect(old.code).toBe(ERROR_CODES.agreementVersionNotCurrent.code);
    expect(old.msg).toContain('phiên bản');
    const future = await send('POST', '/app/agreements/accept', stranger.token, {
      accepted: [
        { kind: 'privacy', version: 1 },
        { kind: 'user', version: 3 },
      ],
    });
    expect(future.code).toBe(ERROR_CODES.agreementVersionNotCurrent.code);
    expect((await send('POST', '/app/agreements/accept', stranger.token, { accepted: [] })).code).toBe(
      ERROR_CODES.validationFailed.code,
    );
    expect(
      (await send('POST', '/app/agreements/accept', undefined, { accepted: [{ kind: 'user', version: 2 }] }))
        .code,
    ).toBe(401);
    expect(await acceptancesOf(stranger.id)).toEqual(acceptancesBefore);

    const accepted = await send('POST', '/app/agreements/accept', stranger.token, {
      accepted: [{ kind: 'user', version: 2 }],
    });
    expect(accepted.code).toBe(0);
    expect((await mine()).every((row) => !row.mustAccept)).toBe(true);
    expect(await acceptancesOf(stranger.id)).toEqual(
      expect.arrayContaining([{ kind: 'user', version: 2, context: 'prompt' }]),
    );
    // Accepting twice is harmless.
    expect(
      (
        await send('POST', '/app/agreements/accept', stranger.token, {
          accepted: [{ kind: 'user', version: 2 }],
        })
      ).code,
    ).toBe(0);

    const audit = await queryRows<{
      staff_id: number;
      action: string;
      before: { version: number };
      after: { version: number };
    }>(
      database.db,
      sql`select staff_id, action, before, after from help_staff_audit where subject = 'agreement'`,
    );
    expect(audit).toEqual([
      expect.objectContaining({
        staff_id: staff.user.id,
        action: 'publish',
        before: { kind: 'user', version: 1 },
      }),
    ]);
    expect(audit[0]?.after.version).toBe(2);
  });
});

describe('article excerpts', () => {
  it('run lists and paragraphs together and cut near 120 characters, also in scripts without spaces', () => {
    expect(excerptOf('Methods:\n\n• KHQR\n• PromptPay')).toBe('Methods: KHQR PromptPay');
    const english = excerptOf(`${'word '.repeat(40)}end`);
    expect(english.length).toBeLessThanOrEqual(121);
    expect(english.endsWith('word…')).toBe(true);
    const thai = excerptOf('ก'.repeat(300));
    expect(thai).toBe(`${'ก'.repeat(120)}…`);
  });
});
