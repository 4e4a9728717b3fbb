import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ERROR_CODES } from '@sabai/shared/error-codes';
import { userRecordSchema } from '@sabai/shared/identity/identity.schemas';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import {
  call,
  grantRoles,
  outboxCode,
  PASSWORD,
  registerUser,
  sendCode,
} from '../../../test/identity-helpers';
import { createTestApp } from '../../../test/test-app';
import { users } from '../../db/schema';
import { fixedClock } from '../../lib/clock';
import { completeDueCancellations } from './account.service';
import { createIdentityRepository } from './identity.repository';

const dataDir = mkdtempSync(path.join(tmpdir(), 'sabai-account-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const clock = fixedClock(new Date());
const { app, database } = await createTestApp({ clock, config: { DATA_DIR: dataDir } });
const repository = createIdentityRepository(database.db);
const codeOf = (key: keyof typeof ERROR_CODES) => ERROR_CODES[key].code;
const DAY = 24 * 60 * 60_000;

const selectUser = (token: string, query = '') =>
  call(app, { method: 'GET', url: `/app/user/selectUserById${query}`, token });
const loginByPassword = (phone: { areaCode: string; phone: string }) =>
  call(app, { method: 'POST', url: '/app/auth/login/password', payload: { ...phone, password: PASSWORD } });

describe('GET /app/user/selectUserById', () => {
  it('answers the spec fields of your own record', async () => {
    const { token, user } = await registerUser(app);
    const body = (await selectUser(token)).json();
    expect(body.code).toBe(0);
    expect(userRecordSchema.parse(body.data)).toMatchObject({
      id: user.id,
      userName: user.userName,
      vipLevel: 0,
      areaCode: '855',
      status: 1,
      isLogout: 1,
    });
    expect((await selectUser(token, `?userId=${user.id}`)).json().code).toBe(0);
  });

  it("refuses someone else's record unless you are customer service or admin", async () => {
    const alice = await registerUser(app);
    const bob = await registerUser(app);
    expect((await selectUser(alice.token, `?userId=${bob.user.id}`)).json().code).toBe(403);
    await grantRoles(app, database, alice.user.id, ['customer_service']);
    expect((await selectUser(alice.token, `?userId=${bob.user.id}`)).json()).toMatchObject({
      code: 0,
      data: { id: bob.user.id },
    });
  });

  it('tells a guest to log in', async () => {
    const response = await call(app, {
      method: 'GET',
      url: '/app/user/selectUserById',
      headers: { deviceId: 'device-123456' },
    });
    expect(response.json().code).toBe(401);
  });
});

describe('POST /app/user/updateClientId', () => {
  it('takes the JSON form, the query form and the logout flag', async () => {
    const { token, user } = await registerUser(app);
    const read = async () => (await database.db.select().from(users).where(eq(users.id, user.id)))[0];
    const json = await call(app, {
      method: 'POST',
      url: '/app/user/updateClientId',
      token,
      payload: { userId: user.id, sysPhone: 1, ocid: 'push-abc', logout: false },
    });
    expect(json.json().code).toBe(0);
    expect(await read()).toMatchObject({ pushClientId: 'push-abc', pushPlatform: 1 });
    const query = await call(app, {
      method: 'POST',
      url: `/app/user/updateClientId?clientId=push-ios&userId=${user.id}&sysPhone=2`,
      token,
    });
    expect(query.json(), query.body).toMatchObject({ code: 0 });
    expect(await read()).toMatchObject({ pushClientId: 'push-ios', pushPlatform: 2 });
    await call(app, {
      method: 'POST',
      url: '/app/user/updateClientId',
      token,
      payload: { userId: user.id, logout: true },
    });
    expect(await read()).toMatchObject({ pushClientId: null });
    const other = await call(app, {
      method: 'POST',
      url: '/app/user/updateClientId',
      token,
      payload: { userId: user.id + 1000, ocid: 'x' },
    });
    expect(other.json().code).toBe(403);
  });
});

describe('profile', () => {
  it('updates the nickname and refuses an empty or too long one', async () => {
    const { token } = await registerUser(app);
    const patch = (nickname: string) =>
      call(app, { method: 'POST', url: '/app/users/me', token, payload: { nickname } });
    expect((await patch('  ស្រីពៅ  ')).json()).toMatchObject({ code: 0, data: { nickname: 'ស្រីពៅ' } });
    expect((await patch('   ')).json().code).toBe(codeOf('nicknameInvalid'));
    expect((await patch('x'.repeat(33))).json().code).toBe(codeOf('nicknameInvalid'));
  });

  it('stores names as they read: NFC, without bidi controls or invisible characters', async () => {
    const { token, user } = await registerUser(app);
    const patch = (nickname: string) =>
      call(app, { method: 'POST', url: '/app/users/me', token, payload: { nickname } });
    // "e" + combining acute is stored as the one precomposed character.
    expect((await patch('Rene\u0301e')).json()).toMatchObject({ code: 0, data: { nickname: 'Renée' } });
    // A right-to-left override would make "Dara‮gnp.exe" read as "Daraexe.png".
    expect((await patch('Dara\u202Egnp.exe')).json()).toMatchObject({ data: { nickname: 'Daragnp.exe' } });
    expect((await patch('So\u200Bphea\u2066\uFEFF')).json()).toMatchObject({ data: { nickname: 'Sophea' } });
    for (const invisible of [
      '\u200B\u200B\u200B',
      '\u3164\u3164',
      '\u2800',
      '\u202E\u2066 \u200F',
      '\u200D',
    ]) {
      expect((await patch(invisible)).json().code).toBe(codeOf('nicknameInvalid'));
    }
    expect((await patch('private\uE000use')).json().code).toBe(codeOf('nicknameInvalid'));
    // Emoji sequences keep their zero-width joiner.
    expect((await patch('Mom 👩\u200D👧')).json()).toMatchObject({ data: { nickname: 'Mom 👩\u200D👧' } });
    const [row] = await database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.nickname).toBe('Mom 👩\u200D👧');
  });

  it('reserves names that imitate staff for staff', async () => {
    const customer = await registerUser(app);
    const patch = (token: string, nickname: string) =>
      call(app, {
        method: 'POST',
        url: '/app/users/me',
        token,
        payload: { nickname },
        headers: { lang: 'km-KH' },
      });
    for (const name of [
      'Sabai Support',
      'ＳＡＢＡＩ　ＳＵＰＰＯＲＴ',
      'S4bai 5upport',
      'admin',
      'Customer-Service',
      '客服小美',
      'แอดมิน',
    ]) {
      const body = (await patch(customer.token, name)).json();
      expect(body.code, name).toBe(codeOf('nicknameReserved'));
      expect(body.msg).toBe('ឈ្មោះហៅក្រៅនេះត្រូវបានបម្រុងទុក។ សូមជ្រើសរើសឈ្មោះផ្សេង។');
    }
    for (const name of ['Badminton Dara', 'Sabai 5678', 'Supporting Cast Fan']) {
      expect((await patch(customer.token, name)).json().code, name).toBe(0);
    }
    const agent = await registerUser(app);
    await grantRoles(app, database, agent.user.id, ['customer_service']);
    expect((await patch(agent.token, 'Sabai Support')).json()).toMatchObject({
      code: 0,
      data: { nickname: 'Sabai Support' },
    });
  });

  const upload = (token: string, data: Buffer, filename = 'me.png', contentType = 'image/png') => {
    const boundary = '----sabai-test-boundary';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return call(app, {
      method: 'POST',
      url: '/app/users/me/avatar',
      token,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
  };

  it('re-encodes an uploaded photo to a 512 px WebP and serves it', async () => {
    const { token } = await registerUser(app);
    const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#1890ff' } })
      .png()
      .toBuffer();
    const response = await upload(token, png);
    const body = response.json();
    expect(body.code).toBe(0);
    expect(body.data.avatar).toMatch(/^\/app\/uploads\/avatars\/\d+-[0-9a-f]{16}\.webp$/);
    const served = await app.inject({ method: 'GET', url: body.data.avatar });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 512 });
  });

  it('judges the content, not the name: a text file called .png is refused', async () => {
    const { token } = await registerUser(app);
    const response = await upload(token, Buffer.from('<script>alert(1)</script>'), 'evil.png');
    expect(response.json().code).toBe(codeOf('imageInvalid'));
  });

  it('refuses an image over 5 MB', async () => {
    const { token } = await registerUser(app);
    const response = await upload(token, Buffer.alloc(5 * 1024 * 1024 + 10, 1));
    expect(response.json()).toMatchObject({
      code: codeOf('imageTooLarge'),
      msg: 'The image is too large (limit 5 MB).',
    });
  });

  it('refuses path tricks on the uploads route', async () => {
    const response = await app.inject({ method: 'GET', url: '/app/uploads/..%2F..%2Fetc%2Fpasswd' });
    expect(response.json().code).toBe(404);
  });
});

describe('bans', () => {
  it('ends every session of a banned user and refuses their login, with the appeal message after an SMS code', async () => {
    const staff = await registerUser(app);
    await grantRoles(app, database, staff.user.id, ['customer_service']);
    const target = await registerUser(app);
    const second = (await loginByPassword(target.phone)).json().data.token as string;

    const customer = await registerUser(app);
    const refused = await call(app, {
      method: 'POST',
      url: `/app/admin/users/${target.user.id}/ban`,
      token: customer.token,
      payload: { banned: true },
    });
    expect(refused.json().code).toBe(403);

    const ban = await call(app, {
      method: 'POST',
      url: `/app/admin/users/${target.user.id}/ban`,
      token: staff.token,
      payload: { banned: true },
    });
    expect(ban.json()).toMatchObject({ code: 0, data: { status: 2 } });
    for (const token of [target.token, second]) {
      expect((await selectUser(token)).json()).toMatchObject({
        code: codeOf('accountBanned'),
        msg: 'This account has been banned. Please contact customer service to appeal.',
      });
    }
    // The password tells nothing (right or wrong alike); a code to the phone proves it is theirs.
    expect((await loginByPassword(target.phone)).json().code).toBe(codeOf('loginFailed'));
    clock.advance(61_000);
    expect((await sendCode(app, target.phone, 'login')).json().code).toBe(0);
    const login = await call(app, {
      method: 'POST',
      url: '/app/auth/login/sms',
      headers: { lang: 'zh-CN' },
      payload: { ...target.phone, code: await outboxCode(app, target.phone.e164) },
    });
    expect(login.json()).toMatchObject({
      code: codeOf('accountBanned'),
      msg: '该账号已被封禁，请联系客服申诉。',
    });

    await call(app, {
      method: 'POST',
      url: `/app/admin/users/${target.user.id}/ban`,
      token: staff.token,
      payload: { banned: false },
    });
    expect((await loginByPassword(target.phone)).json().code).toBe(0);
  });

  it('answers a token the ban revoked with 401 once the ban is lifted, not "banned"', async () => {
    const staff = await registerUser(app);
    await grantRoles(app, database, staff.user.id, ['customer_service']);
    const target = await registerUser(app);
    const setBanned = async (banned: boolean) => {
      const response = await call(app, {
        method: 'POST',
        url: `/app/admin/users/${target.user.id}/ban`,
        token: staff.token,
        payload: { banned },
      });
      expect(response.json().code).toBe(0);
    };
    await setBanned(true);
    expect((await selectUser(target.token)).json().code).toBe(codeOf('accountBanned'));
    await setBanned(false);
    expect((await selectUser(target.token)).json()).toMatchObject({
      code: 401,
      msg: 'Your session has ended. Please log in again.',
    });
    // A new login works; banning again answers "banned" on the new token and on the old one alike.
    const fresh = (await loginByPassword(target.phone)).json().data.token as string;
    expect((await selectUser(fresh)).json().code).toBe(0);
    await setBanned(true);
    expect((await selectUser(fresh)).json().code).toBe(codeOf('accountBanned'));
    expect((await selectUser(target.token)).json().code).toBe(codeOf('accountBanned'));
  });
});

describe('account cancellation', () => {
  it('waits three days (revocable), then cancels, ends sessions and blocks the phone for three months', async () => {
    const { token, phone, user } = await registerUser(app);
    const cancel = (payload: object) =>
      call(app, {
        method: 'POST',
        url: '/app/users/me/cancellation',
        token,
        payload: { currentPassword: PASSWORD, ...payload },
      });
    expect((await cancel({})).json().code).toBe(codeOf('confirmationRequired'));
    const requested = (await cancel({ confirm: true })).json();
    expect(requested).toMatchObject({ code: 0, data: { isLogout: 2 } });
    expect(new Date(requested.data.dueAt).getTime() - clock.now().getTime()).toBe(3 * DAY);
    expect((await cancel({ confirm: true })).json().code).toBe(codeOf('cancellationAlreadyPending'));

    // Logging in during the wait works and shows the pending state, so the app can offer to revoke.
    const during = (await loginByPassword(phone)).json();
    expect(during).toMatchObject({ code: 0, data: { user: { isLogout: 2 } } });
    const revoke = await call(app, {
      method: 'POST',
      url: '/app/users/me/cancellation/revoke',
      token: during.data.token,
    });
    expect(revoke.json()).toMatchObject({ code: 0, data: { isLogout: 1, dueAt: null } });
    expect(
      (await call(app, { method: 'POST', url: '/app/users/me/cancellation/revoke', token })).json().code,
    ).toBe(codeOf('cancellationNotPending'));

    await cancel({ confirm: true });
    clock.advance(3 * DAY - 60_000);
    expect(await completeDueCancellations(repository, clock.now())).toBe(0);
    clock.advance(120_000);
    expect(await completeDueCancellations(repository, clock.now())).toBe(1);
    expect(await completeDueCancellations(repository, clock.now())).toBe(0);

    expect((await selectUser(token)).json().code).toBe(codeOf('accountCancelled'));
    // A cancelled account logs in no more, and a login does not say whether the phone had one.
    expect((await loginByPassword(phone)).json().code).toBe(codeOf('loginFailed'));
    const [row] = await database.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ isLogout: 3, pushClientId: null });

    const again = await sendCode(app, phone, 'register');
    expect(again.json().code).toBe(codeOf('phoneBlockedAfterCancellation'));
    expect(again.json().msg).toMatch(/registered again from \d{4}-\d{2}-\d{2}/);
    clock.advance(92 * DAY);
    expect((await sendCode(app, phone, 'register')).json().code).toBe(0);
    const code = await outboxCode(app, phone.e164);
    const fresh = await call(app, {
      method: 'POST',
      url: '/app/auth/register',
      payload: { ...phone, code, password: PASSWORD, agreeTerms: true },
    });
    expect(fresh.json()).toMatchObject({ code: 0, data: { user: { isLogout: 1 } } });
    expect(fresh.json().data.user.id).not.toBe(user.id);
  });
});
