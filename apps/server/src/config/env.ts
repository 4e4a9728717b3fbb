import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * The server's whole configuration, parsed once from the environment. Nothing else reads
 * process.env: a bad value stops the server with a message naming the variable.
 */
const booleanFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .transform((value) => value === 'true' || value === '1');

/**
 * A whole number from the environment. z.coerce would read `PORT=""` (or spaces) as 0; an empty or
 * non-numeric value is an error naming the variable instead. Unset still takes the default.
 */
const wholeNumber = (min: number, max = Number.MAX_SAFE_INTEGER) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, { error: 'must be a whole number' })
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));

/** Free text from the environment; empty is unset. */
const optionalText = (min: number, max: number) =>
  z
    .string()
    .trim()
    .min(min)
    .max(max)
    .optional()
    .or(z.literal('').transform(() => undefined));

/** A comma list of ICE URLs, each with the given scheme; empty is none. */
const iceUrlList = (scheme: RegExp) =>
  z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((url) => url.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z
          .string()
          .regex(scheme, { error: `each URL must start with ${scheme.source.slice(1)}` })
          .max(300),
      ),
    );

/**
 * Which proxies in front may say who the client is (Fastify's `trustProxy`): their addresses and
 * CIDR ranges (`10.0.0.0/8,127.0.0.1`, or proxy-addr's names `loopback`, `linklocal`,
 * `uniquelocal`). `true` would believe the leftmost `X-Forwarded-For` entry, which the client writes
 * itself; a hop count cannot tell the proxy from a client reaching the server directly, and Fastify
 * fails it closed (trusts nobody). Both are refused with a message saying what to give (decision 110).
 */
const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const isProxyAddress = (entry: string) => {
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (!version || rest.length) return PROXY_NAMES.has(entry);
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
};
const GIVE_PROXY_ADDRESSES =
  "give the proxies' addresses or CIDR ranges (e.g. 10.0.0.0/8,127.0.0.1, or loopback)";
const trustedProxies = z
  .string()
  .trim()
  .transform((value, context): false | string[] => {
    if (value === '' || value === 'false' || value === '0') return false;
    const refuse = (message: string) => {
      context.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    if (value === 'true' || value === '1')
      return refuse(`${value} would trust any X-Forwarded-For a client sends; ${GIVE_PROXY_ADDRESSES}`);
    if (/^\d+$/.test(value))
      return refuse(
        `a hop count cannot tell the proxy from a client reaching the server directly; ${GIVE_PROXY_ADDRESSES}`,
      );
    const entries = value.split(',').map((entry) => entry.trim());
    const wrong = entries.filter((entry) => !isProxyAddress(entry));
    if (wrong.length)
      return refuse(`not proxy addresses or CIDR ranges: ${wrong.join(', ')}; ${GIVE_PROXY_ADDRESSES}`);
    return entries;
  });

export const envSchema = z.object({
  // Unset is development, but only on a loopback HOST: see developmentExposure (decision 110).
  NODE_ENV: z.enum(['development', 'production', 'test']).optional(),
  PORT: wholeNumber(0, 65535).default(3000),
  HOST: z.string().trim().min(1).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/ })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  REDIS_URL: z
    .url({ protocol: /^rediss?$/ })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  // The Redis channel realtime events travel on: every process of one deployment must share it;
  // deployments (or benchmark runs) sharing one Redis keep apart by using different channels.
  REALTIME_CHANNEL: z
    .string()
    .regex(/^[\w:.-]{1,200}$/, { error: 'must be 1-200 letters, digits, _ : . or -' })
    .default('sabai:realtime'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    ),
  BODY_LIMIT_BYTES: wholeNumber(1024).default(1024 * 1024),
  SEED_DEMO_DATA: booleanFlag.optional(),
  API_DOCS: booleanFlag.optional(),
  WEB_DIST_DIR: z.string().optional(),
  TRUST_PROXY: trustedProxies.default(false),
  // SMS: `dev` writes codes to the log and the dev outbox; `http` posts {to, text} to an aggregator.
  SMS_PROVIDER: z.enum(['dev', 'http']).default('dev'),
  SMS_HTTP_URL: z
    .url({ protocol: /^https?$/ })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SMS_HTTP_TOKEN: z
    .string()
    .optional()
    .transform((value) => value || undefined),
  SMS_HTTP_TIMEOUT_MS: wholeNumber(100, 60_000).default(10_000),
  SMS_DEV_IN_PRODUCTION: booleanFlag.default(false),
  // The dev outbox (`GET /app/dev/sms-outbox`) hands out every login code: off unless asked for,
  // never in production, and even then answered only to callers on this machine.
  SMS_DEV_OUTBOX: booleanFlag.default(false),
  // Translation of chat messages and reviews (decision 058): `dev` is a small phrase table of common
  // massage-booking phrases; `http` posts to a LibreTranslate-style API ({q, source, target}).
  TRANSLATOR_PROVIDER: z.enum(['dev', 'http']).default('dev'),
  TRANSLATOR_HTTP_URL: z
    .url({ protocol: /^https?$/ })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  TRANSLATOR_HTTP_KEY: z
    .string()
    .optional()
    .transform((value) => value || undefined),
  TRANSLATOR_HTTP_TIMEOUT_MS: wholeNumber(100, 60_000).default(8_000),
  // Web Push (decision 056): the VAPID key pair (base64url, as `web-push generate-vapid-keys` prints)
  // and the contact the push services see. Unset outside production: a development pair is kept in
  // DATA_DIR/vapid-keys.json. Unset in production: Web Push is off.
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, { error: 'must be the 65-byte P-256 public key in base64url' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, { error: 'must be the 32-byte P-256 private key in base64url' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:.+|https:\/\/.+)$/, { error: 'must be a mailto: or https: URL' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  PUSH_TIMEOUT_MS: wholeNumber(100, 60_000).default(5_000),
  // Until the money issue's payment rails land, `POST /app/dev/payments/:orderId/confirm` plays the
  // payment provider's webhook for the browser journeys: off unless asked for, never in production,
  // answered only to callers on this machine (decision 035).
  PAYMENTS_DEV_CONFIRM: booleanFlag.default(false),
  // The shared secret payment providers sign their webhooks with (decision 039). In production it
  // must be set (no default: every webhook is refused without it); elsewhere a development
  // default, so the sandbox's signed webhooks verify.
  PAYMENTS_WEBHOOK_SECRET: z.string().min(16).optional(),
  // QR rails (decision 040): who each rail's EMVCo payload pays. Outside production a rail left
  // unset gets an obviously fake sandbox payee; in production a rail left unset is not offered.
  KHQR_ACCOUNT_ID: optionalText(3, 32),
  KHQR_MERCHANT_NAME: optionalText(1, 25),
  KHQR_MERCHANT_CITY: optionalText(1, 15),
  // `bakong` asks Bakong's open API whether the KHQR was paid (check by md5); `sandbox` waits for
  // the development "simulate paid" control. Bakong needs its API base URL and token.
  KHQR_PROVIDER: z.enum(['sandbox', 'bakong']).default('sandbox'),
  BAKONG_API_URL: z
    .url({ protocol: /^https?$/ })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  BAKONG_API_TOKEN: optionalText(16, 4096),
  BAKONG_API_TIMEOUT_MS: wholeNumber(100, 60_000).default(8_000),
  // PromptPay bill payment (tag 30): the biller id the acquiring bank registered (tax id + suffix).
  PROMPTPAY_BILLER_ID: z
    .string()
    .regex(/^\d{15}$/, { error: 'must be 15 digits (tax id and suffix)' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  PROMPTPAY_PAYEE_NAME: optionalText(1, 60),
  // VietQR (NAPAS 247): the receiving bank's BIN and the account number.
  VIETQR_BANK_BIN: z
    .string()
    .regex(/^\d{6}$/, { error: "must be the bank's 6-digit BIN" })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  VIETQR_ACCOUNT_NUMBER: z
    .string()
    .regex(/^[0-9A-Z]{4,19}$/, { error: 'must be 4-19 digits or capital letters' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  VIETQR_PAYEE_NAME: optionalText(1, 60),
  // Voice calls (decision 057): the ICE servers handed to browsers. STUN and TURN URLs are comma
  // lists (`stun:stun.example.com:3478`, `turn:turn.example.com:3478?transport=udp`, `turns:…`);
  // TURN credentials are minted per user from TURN_SECRET (coturn's `static-auth-secret`) and
  // stop working after TURN_CREDENTIAL_TTL_SECONDS.
  ICE_STUN_URLS: iceUrlList(/^stuns?:/),
  TURN_URLS: iceUrlList(/^turns?:/),
  TURN_SECRET: optionalText(16, 512),
  TURN_CREDENTIAL_TTL_SECONDS: wholeNumber(60, 86_400).default(3_600),
  // Telegram notifications (decision 055): `dev` logs what the bot would send; `botApi` sends
  // through the Bot API with the bot's token. Telegram signs webhook calls with
  // TELEGRAM_WEBHOOK_SECRET (given to setWebhook as secret_token); production has no default.
  TELEGRAM_PROVIDER: z.enum(['dev', 'botApi']).default('dev'),
  TELEGRAM_BOT_TOKEN: optionalText(20, 200),
  TELEGRAM_BOT_USERNAME: z
    .string()
    .regex(/^[A-Za-z][A-Za-z0-9_]{3,31}$/, { error: "must be the bot's @username without the @" })
    .default('SabaiNotifyBot'),
  TELEGRAM_WEBHOOK_SECRET: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,256}$/, { error: 'must be 16-256 letters, digits, _ or -' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
});

type ParsedEnv = z.infer<typeof envSchema>;
export type Env = Omit<ParsedEnv, 'NODE_ENV' | 'HOST'> & {
  NODE_ENV: NonNullable<ParsedEnv['NODE_ENV']>;
  HOST: string;
};

/** Outside production only: simulated bot updates carry it. */
const DEV_TELEGRAM_WEBHOOK_SECRET = 'sabai-development-telegram-secret';

/** Outside production only: the sandbox's webhooks are signed with it. */
const DEV_WEBHOOK_SECRET = 'sabai-development-webhook-secret';

export interface AppConfig extends Env {
  /** Demo data is loaded on an empty database unless SEED_DEMO_DATA=false (never in production by default). */
  seedDemoData: boolean;
  /** /docs (the OpenAPI document and its viewer) is served unless API_DOCS=false (off in production by default). */
  apiDocs: boolean;
  /** What runs on development defaults, for the start-up line (`describeMode`). */
  developmentFeatures: string[];
}

export class ConfigError extends Error {}

export function parseEnv(source: Record<string, string | undefined>): AppConfig {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  const parsed = result.data;
  const exposure = developmentExposure(parsed);
  if (exposure) throw new ConfigError(`Invalid environment configuration:\n  ${exposure}`);
  // Unset NODE_ENV is development on this machine only: its HOST defaults to loopback.
  const env: Env = {
    ...parsed,
    NODE_ENV: parsed.NODE_ENV ?? 'development',
    HOST: parsed.HOST ?? (parsed.NODE_ENV ? '0.0.0.0' : '127.0.0.1'),
  };
  const problems = [
    ...smsConfigProblems(env),
    ...paymentRailProblems(env),
    ...turnConfigProblems(env),
    ...vapidProblems(env),
    ...telegramConfigProblems(env),
  ];
  if (env.TRANSLATOR_PROVIDER === 'http' && !env.TRANSLATOR_HTTP_URL) {
    problems.push('TRANSLATOR_HTTP_URL: required when TRANSLATOR_PROVIDER=http');
  }
  if (problems.length) {
    throw new ConfigError(
      `Invalid environment configuration:\n${problems.map((line) => `  ${line}`).join('\n')}`,
    );
  }
  const config: Omit<AppConfig, 'developmentFeatures'> = {
    ...env,
    // Production has no default: without the variable every webhook is refused as forged.
    PAYMENTS_WEBHOOK_SECRET:
      env.PAYMENTS_WEBHOOK_SECRET ?? (env.NODE_ENV === 'production' ? undefined : DEV_WEBHOOK_SECRET),
    TELEGRAM_WEBHOOK_SECRET:
      env.TELEGRAM_WEBHOOK_SECRET ??
      (env.NODE_ENV === 'production' ? undefined : DEV_TELEGRAM_WEBHOOK_SECRET),
    ...sandboxPayees(env),
    seedDemoData: env.SEED_DEMO_DATA ?? env.NODE_ENV !== 'production',
    apiDocs: env.API_DOCS ?? env.NODE_ENV !== 'production',
  };
  return { ...config, developmentFeatures: developmentFeaturesOf(env, config) };
}

const LOOPBACK_HOST = /^(?:localhost|127(?:\.\d{1,3}){3}|::1|\[::1\])$/i;

/**
 * A forgotten NODE_ENV must not put development defaults (demo logins, the committed webhook
 * secrets, the dev SMS gateway) on a server other machines reach: unset NODE_ENV with a HOST that
 * is not loopback stops the start. Development on purpose says NODE_ENV=development (as `npm start`
 * does); a real server says NODE_ENV=production.
 */
function developmentExposure(env: ParsedEnv): string | null {
  if (env.NODE_ENV || env.HOST === undefined || LOOPBACK_HOST.test(env.HOST)) return null;
  return (
    `NODE_ENV: unset, and HOST=${env.HOST} is reachable from other machines; development defaults ` +
    '(demo logins, development webhook secrets, the dev SMS gateway) are not served there by accident. ' +
    'Set NODE_ENV=production for a real server, or NODE_ENV=development to serve them on purpose'
  );
}

/** What this configuration runs on development stand-ins, named for the start-up line. */
function developmentFeaturesOf(env: Env, config: Omit<AppConfig, 'developmentFeatures'>): string[] {
  const production = env.NODE_ENV === 'production';
  const features: [boolean, string][] = [
    [config.seedDemoData, 'demo data and demo logins'],
    [env.SMS_PROVIDER === 'dev', 'dev SMS gateway'],
    [env.SMS_DEV_OUTBOX && !production, 'SMS dev outbox (this machine only)'],
    [!env.PAYMENTS_WEBHOOK_SECRET && !!config.PAYMENTS_WEBHOOK_SECRET, 'development payment webhook secret'],
    [!env.TELEGRAM_WEBHOOK_SECRET && !!config.TELEGRAM_WEBHOOK_SECRET, 'development Telegram webhook secret'],
    [!production, 'sandbox payees and simulated payments (this machine only)'],
    [env.PAYMENTS_DEV_CONFIRM && !production, 'development payment confirmation (this machine only)'],
  ];
  return features.filter(([on]) => on).map(([, name]) => name);
}

/** The one start-up line saying which mode the server runs in and what runs on development defaults. */
export function describeMode(config: AppConfig): string {
  const features = config.developmentFeatures.length ? config.developmentFeatures.join(', ') : 'none';
  return `mode: ${config.NODE_ENV} on ${config.HOST}:${config.PORT}; development features: ${features}`;
}

/**
 * Outside production, a QR rail left unset pays an obviously fake payee, so the development pay
 * page shows a scannable QR with the right amount that no real bank account can receive.
 */
export const SANDBOX_PAYEES = {
  KHQR_ACCOUNT_ID: 'sabai_sandbox@devb',
  KHQR_MERCHANT_NAME: 'SABAI SANDBOX',
  KHQR_MERCHANT_CITY: 'Phnom Penh',
  PROMPTPAY_BILLER_ID: '000000000000000',
  PROMPTPAY_PAYEE_NAME: 'SABAI SANDBOX',
  VIETQR_BANK_BIN: '970400',
  VIETQR_ACCOUNT_NUMBER: '0000000000',
  VIETQR_PAYEE_NAME: 'SABAI SANDBOX',
} as const satisfies Partial<Record<keyof Env, string>>;

function sandboxPayees(env: Env): Partial<Env> {
  if (env.NODE_ENV === 'production') return {};
  return Object.fromEntries(
    Object.entries(SANDBOX_PAYEES).map(([name, value]) => [name, env[name as keyof Env] ?? value]),
  );
}

/** A real payment adapter never starts half-configured; each line starts with the variable to fix. */
function paymentRailProblems(env: Env): string[] {
  const problems: string[] = [];
  if (env.KHQR_PROVIDER === 'bakong') {
    const needed = ['BAKONG_API_URL', 'BAKONG_API_TOKEN'] as const;
    // Outside production the sandbox payee may stand in; in production the payee must be real.
    const payee = ['KHQR_ACCOUNT_ID', 'KHQR_MERCHANT_NAME', 'KHQR_MERCHANT_CITY'] as const;
    for (const name of env.NODE_ENV === 'production' ? [...needed, ...payee] : needed) {
      if (!env[name]) problems.push(`${name}: required when KHQR_PROVIDER=bakong`);
    }
  }
  return problems;
}

/** TURN without its secret would hand out credentials no TURN server accepts. */
function turnConfigProblems(env: Env): string[] {
  return env.TURN_URLS.length && !env.TURN_SECRET
    ? ["TURN_SECRET: required when TURN_URLS is set (the TURN server's static-auth-secret)"]
    : [];
}

/** Rules across several SMS variables; each line starts with the variable to fix. */
function smsConfigProblems(env: Env): string[] {
  const problems: string[] = [];
  if (env.SMS_PROVIDER === 'http') {
    if (!env.SMS_HTTP_URL) problems.push('SMS_HTTP_URL: required when SMS_PROVIDER=http');
    if (!env.SMS_HTTP_TOKEN) problems.push('SMS_HTTP_TOKEN: required when SMS_PROVIDER=http');
  }
  // The dev gateway hands every code to whoever reads the logs: that is anyone's account.
  if (env.NODE_ENV === 'production' && env.SMS_PROVIDER === 'dev' && !env.SMS_DEV_IN_PRODUCTION) {
    problems.push(
      'SMS_PROVIDER: the dev SMS gateway sends nothing and must not run in production; set SMS_PROVIDER=http ' +
        'with SMS_HTTP_URL and SMS_HTTP_TOKEN (or SMS_DEV_IN_PRODUCTION=true for a demo nobody relies on)',
    );
  }
  return problems;
}

function vapidProblems(env: Env): string[] {
  if (!env.VAPID_PUBLIC_KEY !== !env.VAPID_PRIVATE_KEY) {
    return ['VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both or neither'];
  }
  if (env.VAPID_PUBLIC_KEY && env.NODE_ENV === 'production' && !env.VAPID_SUBJECT) {
    return ['VAPID_SUBJECT: required with the VAPID keys in production (mailto: or https: contact)'];
  }
  return [];
}

function telegramConfigProblems(env: Env): string[] {
  if (env.TELEGRAM_PROVIDER !== 'botApi') return [];
  const problems: string[] = [];
  if (!env.TELEGRAM_BOT_TOKEN) problems.push('TELEGRAM_BOT_TOKEN: required when TELEGRAM_PROVIDER=botApi');
  if (!env.TELEGRAM_WEBHOOK_SECRET)
    problems.push(
      'TELEGRAM_WEBHOOK_SECRET: required when TELEGRAM_PROVIDER=botApi (the webhook refuses every update without it)',
    );
  return problems;
}

/** Test and benchmark helper: the configuration with the given overrides on top of defaults. */
export function testConfig(overrides: Partial<Record<keyof Env, string>> = {}): AppConfig {
  return parseEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO_DATA: 'false',
    // Tests read the codes they are "sent" from the outbox, as the browser journeys do.
    SMS_DEV_OUTBOX: 'true',
    ...overrides,
  });
}
