import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnv } from './env';

describe('environment configuration', () => {
  it('has working defaults', () => {
    const config = parseEnv({});
    expect(config).toMatchObject({
      PORT: 3000,
      DATA_DIR: './data',
      NODE_ENV: 'development',
      // Unset NODE_ENV is development on this machine only (decision 110).
      HOST: '127.0.0.1',
      seedDemoData: true,
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.REDIS_URL).toBeUndefined();
    // The dev outbox hands out every login code: it is served only when asked for.
    expect(config.SMS_DEV_OUTBOX).toBe(false);
    expect(parseEnv({ SMS_DEV_OUTBOX: 'true' }).SMS_DEV_OUTBOX).toBe(true);
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['PORT', ''],
    ['PORT', '  '],
    ['PORT', '80.5'],
    ['PORT', '-1'],
    ['PORT', '0x50'],
    ['BODY_LIMIT_BYTES', ''],
    ['BODY_LIMIT_BYTES', '512'],
    ['SMS_HTTP_TIMEOUT_MS', ''],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['REDIS_URL', 'not a url'],
    ['NODE_ENV', 'staging'],
    ['LOG_LEVEL', 'loud'],
  ])('stops with a message naming %s when it is %s', (name, value) => {
    expect(() => parseEnv({ [name]: value })).toThrow(ConfigError);
    expect(() => parseEnv({ [name]: value })).toThrow(
      new RegExp(`^Invalid environment configuration:\\n  ${name}:`),
    );
  });

  const realSms = {
    SMS_PROVIDER: 'http',
    SMS_HTTP_URL: 'https://sms.example/send',
    SMS_HTTP_TOKEN: 'secret',
  };

  it('reads whole numbers, surrounding spaces allowed', () => {
    expect(parseEnv({ PORT: ' 8080 ', BODY_LIMIT_BYTES: '2048' })).toMatchObject({
      PORT: 8080,
      BODY_LIMIT_BYTES: 2048,
    });
    expect(parseEnv({ PORT: '0' }).PORT).toBe(0);
    expect(parseEnv({}).BODY_LIMIT_BYTES).toBe(1024 * 1024);
  });

  it('does not load demo data in production unless asked', () => {
    expect(parseEnv({ NODE_ENV: 'production', ...realSms }).seedDemoData).toBe(false);
    expect(parseEnv({ NODE_ENV: 'production', ...realSms, SEED_DEMO_DATA: 'true' }).seedDemoData).toBe(true);
  });

  it('has a development webhook secret outside production only (decision 039)', () => {
    expect(parseEnv({}).PAYMENTS_WEBHOOK_SECRET).toMatch(/.{16,}/);
    expect(parseEnv({ NODE_ENV: 'production', ...realSms }).PAYMENTS_WEBHOOK_SECRET).toBeUndefined();
    const secret = 'a-real-secret-from-the-vault';
    expect(
      parseEnv({ NODE_ENV: 'production', ...realSms, PAYMENTS_WEBHOOK_SECRET: secret })
        .PAYMENTS_WEBHOOK_SECRET,
    ).toBe(secret);
    expect(() => parseEnv({ PAYMENTS_WEBHOOK_SECRET: 'short' })).toThrow(/PAYMENTS_WEBHOOK_SECRET/);
  });

  describe('SMS gateway', () => {
    it('uses the dev gateway outside production by default', () => {
      expect(parseEnv({}).SMS_PROVIDER).toBe('dev');
      expect(parseEnv({ NODE_ENV: 'test' }).SMS_PROVIDER).toBe('dev');
    });

    it('refuses to start in production with the dev gateway, naming SMS_PROVIDER', () => {
      expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(ConfigError);
      expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(
        /^Invalid environment configuration:\n {2}SMS_PROVIDER: the dev SMS gateway .*must not run in production/,
      );
      expect(() => parseEnv({ NODE_ENV: 'production', SMS_PROVIDER: 'dev' })).toThrow(/SMS_PROVIDER/);
      expect(() => parseEnv({ NODE_ENV: 'production', SMS_DEV_IN_PRODUCTION: 'false' })).toThrow(
        /SMS_PROVIDER/,
      );
    });

    it('runs the dev gateway in production only when explicitly allowed (demos)', () => {
      const config = parseEnv({ NODE_ENV: 'production', SMS_DEV_IN_PRODUCTION: 'true' });
      expect(config).toMatchObject({ SMS_PROVIDER: 'dev', SMS_DEV_IN_PRODUCTION: true });
    });

    it('reads the HTTP provider settings, with a default timeout', () => {
      expect(parseEnv({ NODE_ENV: 'production', ...realSms })).toMatchObject({
        SMS_PROVIDER: 'http',
        SMS_HTTP_URL: 'https://sms.example/send',
        SMS_HTTP_TOKEN: 'secret',
        SMS_HTTP_TIMEOUT_MS: 10_000,
      });
    });

    it.each([
      ['SMS_HTTP_URL', { ...realSms, SMS_HTTP_URL: '' }],
      ['SMS_HTTP_URL', { ...realSms, SMS_HTTP_URL: 'ftp://sms.example' }],
      ['SMS_HTTP_TOKEN', { ...realSms, SMS_HTTP_TOKEN: '' }],
      ['SMS_HTTP_TIMEOUT_MS', { ...realSms, SMS_HTTP_TIMEOUT_MS: 'soon' }],
      ['SMS_PROVIDER', { SMS_PROVIDER: 'twilio' }],
    ])('stops with a message naming %s', (name, source) => {
      expect(() => parseEnv(source)).toThrow(new RegExp(`^Invalid environment configuration:\\n  ${name}:`));
    });
  });

  it('reads a list of CORS origins', () => {
    expect(parseEnv({ CORS_ORIGINS: 'https://a.example, https://b.example' }).CORS_ORIGINS).toEqual([
      'https://a.example',
      'https://b.example',
    ]);
  });
});
