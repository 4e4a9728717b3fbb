import type { Role, Session, SmsPurpose } from '@sabai/shared/identity/identity.schemas';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Database } from '../src/db/client';
import { userRoles } from '../src/db/schema';

/**
 * Where this process's phones start: random, so runs differ, and above the 012 345 6xx numbers tests
 * write out. Each phone is the next one after it, so no two phones of a process are ever the same;
 * a worker's test files share this module and its count (decision 085). The earlier mix of the
 * clock, the count and a random term could repeat a number within a file (CI, decision 088:
 * "This phone number is already registered" in a test that registers a hundred customers).
 */
const FIRST_SUFFIX = 400_000 + Math.floor(Math.random() * 500_000);
let counter = 0;

/** A Cambodian mobile nobody in this test process has used: 012 xxx xxx. */
export function freshKhPhone(): { areaCode: string; phone: string; e164: string } {
  counter += 1;
  const suffix = String((FIRST_SUFFIX + counter) % 1_000_000).padStart(6, '0');
  return { areaCode: '855', phone: `012 ${suffix.slice(0, 3)} ${suffix.slice(3)}`, e164: `+85512${suffix}` };
}

/** Each call looks like a different client address, so per-IP rate limits only bite where a test means them to. */
export function randomIp(): string {
  const part = () => Math.floor(Math.random() * 250) + 1;
  return `10.${part()}.${part()}.${part()}`;
}

export function call(app: FastifyInstance, options: InjectOptions & { token?: string }) {
  const { token, headers, ...rest } = options;
  return app.inject({
    remoteAddress: randomIp(),
    ...rest,
    headers: { ...(headers ?? {}), ...(token ? { token } : {}) },
  } as InjectOptions);
}

/** The newest code the dev SMS gateway "sent" to the number. */
export async function outboxCode(app: FastifyInstance, e164: string): Promise<string> {
  const response = await app.inject({
    method: 'GET',
    url: `/app/dev/sms-outbox?phone=${encodeURIComponent(e164)}`,
  });
  const code = response.json().data[0]?.code;
  if (!code) throw new Error(`no SMS to ${e164}`);
  return code;
}

export async function sendCode(
  app: FastifyInstance,
  phone: { areaCode: string; phone: string },
  purpose: SmsPurpose,
  token?: string,
) {
  return call(app, {
    method: 'POST',
    url: '/app/auth/sms-codes',
    payload: { ...phone, purpose },
    ...(token ? { token } : {}),
  });
}

export const PASSWORD = 'correct horse 7';

/** Registers a new customer through the API and answers the session (token, user). */
export async function registerUser(
  app: FastifyInstance,
  phone = freshKhPhone(),
  extra: Record<string, unknown> = {},
): Promise<Session & { phone: typeof phone }> {
  const sent = await sendCode(app, phone, 'register');
  if (sent.json().code !== 0) throw new Error(`send failed: ${sent.body}`);
  const code = await outboxCode(app, phone.e164);
  const response = await call(app, {
    method: 'POST',
    url: '/app/auth/register',
    payload: {
      areaCode: phone.areaCode,
      phone: phone.phone,
      code,
      password: PASSWORD,
      agreeTerms: true,
      ...extra,
    },
  });
  const body = response.json();
  if (body.code !== 0) throw new Error(`register failed: ${response.body}`);
  return { ...body.data, phone };
}

const admins = new WeakMap<
  FastifyInstance,
  Promise<{ token: string; phone: { areaCode: string; phone: string } }>
>();

/**
 * An admin's token: a new account given the role in the database before its token is ever used,
 * logged in again when a test's clock has moved past its session's (short, staff) lifetime.
 */
export async function adminToken(app: FastifyInstance, database: Database): Promise<string> {
  let admin = admins.get(app);
  if (!admin) {
    admin = registerUser(app).then(async (session) => {
      await database.db.insert(userRoles).values({ userId: session.user.id, role: 'admin' });
      return { token: session.token, phone: session.phone };
    });
    admins.set(app, admin);
  }
  const { token, phone } = await admin;
  const check = await call(app, { method: 'GET', url: '/app/user/selectUserById', token });
  if (check.json().code === 0) return token;
  const login = await call(app, {
    method: 'POST',
    url: '/app/auth/login/password',
    payload: { areaCode: phone.areaCode, phone: phone.phone, password: PASSWORD },
  });
  const fresh = login.json().data?.token as string | undefined;
  if (!fresh) throw new Error(`admin login failed: ${login.body}`);
  admins.set(app, Promise.resolve({ token: fresh, phone }));
  return fresh;
}

/** Grants roles the way production does (through the admin API), so every cache hears of it. */
export async function grantRoles(app: FastifyInstance, database: Database, userId: number, roles: Role[]) {
  const token = await adminToken(app, database);
  for (const role of roles) {
    const response = await call(app, {
      method: 'POST',
      url: `/app/admin/users/${userId}/roles`,
      token,
      payload: { role, granted: true },
    });
    if (response.json().code !== 0) throw new Error(`grant failed: ${response.body}`);
  }
}
