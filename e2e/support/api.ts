import type { Journey } from './journey';

/**
 * The API as the journeys use it to set the scene (accounts, orders, steps) before or beside the
 * browser: one copy of the envelope handling, sign-up by SMS, the demo therapist's week and a
 * booked home visit, instead of one per journey file.
 */
export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}
export interface Session {
  token: string;
  user: { id: number; nickname?: string };
}
export type Customer = Session & { phone: string };
export interface CallInit {
  method?: string;
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

/** The demo logins of README (seeded by `npm start` and by the journeys' server). */
export interface DemoAccount {
  areaCode: string;
  phone: string;
  password: string;
}
export const DEMO_ACCOUNTS: Record<
  'therapist' | 'support' | 'customer' | 'store' | 'storeTherapist',
  DemoAccount
> = {
  therapist: { areaCode: '855', phone: '012345678', password: 'sabai-demo' },
  support: { areaCode: '855', phone: '012345679', password: 'sabai-support' },
  customer: { areaCode: '855', phone: '012345680', password: 'sabai-customer' },
  store: { areaCode: '855', phone: '012345681', password: 'sabai-store' },
  /** A therapist of the demo store: with the store counter, the store's team group (decision 061). */
  storeTherapist: { areaCode: '855', phone: '012345682', password: 'sabai-team' },
};
export const PHNOM_PENH = { lat: 11.5564, lng: 104.9282 };

/** Tomorrow's date in a city's time zone, as the free-starts route takes it. */
export const tomorrowIn = (timeZone = 'Asia/Phnom_Penh') =>
  new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date(Date.now() + 86_400_000));

export interface DemoProvider {
  session: Session;
  therapistId: number;
  projectId: number;
  name: string;
}

export function journeyApi(journey: Journey) {
  async function call<T>(path: string, init: CallInit = {}): Promise<Envelope<T>> {
    const response = await fetch(`${journey.server.baseUrl}${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: {
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(init.token ? { token: init.token } : {}),
        ...init.headers,
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    return (await response.json()) as Envelope<T>;
  }

  /** The answer's data; any other code than 0 fails the journey with the server's message. */
  async function ok<T>(path: string, init: CallInit = {}): Promise<T> {
    const answer = await call<T>(path, init);
    if (answer.code !== 0) throw new Error(`${path}: ${answer.code} ${answer.msg}`);
    return answer.data;
  }

  /** The last code the development SMS gateway sent to a number (it may take a moment to arrive). */
  async function smsCode(e164: string): Promise<string> {
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const codes = await ok<{ code: string }[]>(`/app/dev/sms-outbox?phone=${encodeURIComponent(e164)}`);
      if (codes[0]?.code) return codes[0].code;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`no SMS to ${e164}`);
  }

  /** A new customer with a random Cambodian number, registered through the SMS code. */
  async function newCustomer(): Promise<Customer> {
    const digits = String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0');
    const phone = `012 ${digits.slice(0, 3)} ${digits.slice(3)}`;
    await ok('/app/auth/sms-codes', { body: { areaCode: '855', phone, purpose: 'register' } });
    const session = await ok<Session>('/app/auth/register', {
      body: {
        areaCode: '855',
        phone,
        code: await smsCode(`+85512${digits}`),
        password: 'Sabai-2026-pass',
        agreeTerms: true,
      },
    });
    return { ...session, phone };
  }

  const login = (account: DemoAccount) => ok<Session>('/app/auth/login/password', { body: account });

  let demoProvider: DemoProvider | undefined;
  /** The demo therapist (found by their own work settings), working round the clock all week. */
  async function demoTherapist(): Promise<DemoProvider> {
    if (demoProvider) return demoProvider;
    const session = await login(DEMO_ACCOUNTS.therapist);
    await ok('/app/therapists/me/schedule', {
      method: 'PUT',
      token: session.token,
      body: {
        weeklyShifts: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '00:00', end: '24:00' })),
        daysOff: [],
      },
    });
    const { therapistId } = await ok<{ therapistId: number }>('/app/therapists/me/work-settings', {
      token: session.token,
    });
    const detail = await ok<{ name: string; projects: { id: number }[] }>(`/app/therapists/${therapistId}`);
    const projectId = detail.projects[0]?.id;
    if (!projectId) throw new Error('the demo therapist offers no project');
    demoProvider = { session, therapistId, projectId, name: detail.name };
    return demoProvider;
  }

  /**
   * A one-clock home visit with the demo therapist tomorrow, at a random free start (the journeys
   * share the one therapist); `roomyHours` keeps that many hours after it free too (for extra
   * time). Paid through the development stand-in or the customer's wallet when `paidBy` says so.
   */
  async function bookHomeVisit(
    customer: Customer,
    { paidBy, roomyHours = 0 }: { paidBy?: 'devConfirm' | 'wallet'; roomyHours?: number } = {},
  ) {
    const provider = await demoTherapist();
    const address = await ok<{ id: number }>('/app/addresses', {
      token: customer.token,
      body: {
        contactName: 'Dara',
        genderTitle: 'ms',
        areaCode: '855',
        phone: customer.phone,
        placeType: 'house',
        detail: 'Street 278, BKK1',
        houseNumber: '12B',
        arrivalNotes: 'Blue gate',
        lat: PHNOM_PENH.lat,
        lng: PHNOM_PENH.lng,
      },
    });
    const starts = await ok<{ startsAt: string }[]>(
      `/app/availability/free-starts?therapistId=${provider.therapistId}&projectId=${provider.projectId}&date=${tomorrowIn()}&addressId=${address.id}`,
      { token: customer.token },
    );
    const free = new Set(starts.map((entry) => Date.parse(entry.startsAt)));
    const roomy = starts.filter((entry) =>
      Array.from({ length: roomyHours }, (_, hour) => hour + 1).every((hours) =>
        free.has(Date.parse(entry.startsAt) + hours * 3_600_000),
      ),
    );
    const start = roomy[Math.floor(Math.random() * roomy.length)];
    if (!start) throw new Error(`no free start with ${roomyHours} free hours after it`);
    const order = await ok<{ id: number; orderNumber: string }>('/app/orders/home-visit', {
      token: customer.token,
      body: {
        therapistId: provider.therapistId,
        projectId: provider.projectId,
        clocks: 1,
        startsAt: start.startsAt,
        addressId: address.id,
        travelMode: 'tukTuk',
        remark: '',
        agreeTerms: true,
      },
    });
    if (paidBy === 'devConfirm')
      await ok(`/app/dev/payments/${order.id}/confirm`, { method: 'POST', body: {} });
    if (paidBy === 'wallet')
      await ok(`/app/orders/${order.id}/payments`, {
        token: customer.token,
        body: { method: 'wallet' },
        headers: { 'idempotency-key': `journey-${order.id}` },
      });
    return { order, provider };
  }

  /** The therapist's steps over the API, from accepting up to and including `last`. */
  async function serve(orderId: number, token: string, last: 'accept' | 'start' | 'end') {
    const steps: [string, Record<string, unknown>][] = [
      ['accept', {}],
      ['depart', {}],
      ['arrive', { position: PHNOM_PENH }],
      ['start', {}],
      ['end', { reason: 'The customer asked to stop early' }],
    ];
    const count = { accept: 1, start: 4, end: 5 }[last];
    for (const [transition, extra] of steps.slice(0, count))
      await ok(`/app/orders/${orderId}/transitions`, { token, body: { transition, ...extra } });
  }

  return { call, ok, smsCode, newCustomer, login, demoTherapist, bookHomeVisit, serve };
}

/**
 * The amount a QR payload asks for, in minor units (two decimals): the sandbox's
 * `SABAI-SANDBOX|rail|ref|order|amount|currency|expiry`, or an EMVCo merchant payload's tag 54.
 */
export function amountOfPayload(payload: string): number | undefined {
  if (payload.startsWith('SABAI-SANDBOX|')) return Number(payload.split('|')[4]);
  for (let at = 0; at + 4 <= payload.length; ) {
    const tag = payload.slice(at, at + 2);
    const length = Number(payload.slice(at + 2, at + 4));
    if (!Number.isInteger(length)) return undefined;
    const value = payload.slice(at + 4, at + 4 + length);
    if (tag === '54') return Math.round(Number(value) * 100);
    at += 4 + length;
  }
  return undefined;
}
