import { describe, expect, it } from 'vitest';
import { ConfigError, describeMode, parseEnv } from './env';

// Issue #35 findings 1 and 2 (decision 110): the proxies trusted are named, and a forgotten
// NODE_ENV does not put development defaults on a server other machines reach.
const realServer = {
  NODE_ENV: 'production',
  SMS_PROVIDER: 'http',
  SMS_HTTP_URL: 'https://sms.example/send',
  SMS_HTTP_TOKEN: 'secret',
  PAYMENTS_WEBHOOK_SECRET: 'a-real-secret-from-the-vault',
};

describe('TRUST_PROXY', () => {
  it('is off by default and with false, 0 or empty', () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(false);
    for (const value of ['false', '0', '']) expect(parseEnv({ TRUST_PROXY: value }).TRUST_PROXY).toBe(false);
  });

  it("takes the proxies' addresses, CIDR ranges and proxy-addr's names", () => {
    expect(parseEnv({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1, fd00::/8,loopback' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it.each(['true', '1'])('refuses %s (trust anyone), telling to give the addresses', (value) => {
    expect(() => parseEnv({ TRUST_PROXY: value })).toThrow(ConfigError);
    expect(() => parseEnv({ TRUST_PROXY: value })).toThrow(
      new RegExp(
        `^Invalid environment configuration:\\n {2}TRUST_PROXY: ${value} would trust any X-Forwarded-For a client sends; give the proxies' addresses`,
      ),
    );
  });

  // Fastify fails a hop count closed: the server would count every client as the proxy.
  it('refuses a hop count, telling to give the addresses', () => {
    expect(() => parseEnv({ TRUST_PROXY: '2' })).toThrow(
      /^Invalid environment configuration:\n {2}TRUST_PROXY: a hop count cannot tell the proxy from a client reaching the server directly; give the proxies' addresses/,
    );
  });

  it.each(['yes', '10.0.0.0/33', '10.0.0.1, proxy.example', '::1/129', '1.2.3.4/8/8', 'loopback/8'])(
    'refuses %s, naming TRUST_PROXY and the wrong entries',
    (value) => {
      expect(() => parseEnv({ TRUST_PROXY: value })).toThrow(
        /^Invalid environment configuration:\n {2}TRUST_PROXY: not proxy addresses or CIDR ranges: /,
      );
    },
  );
});

describe('development defaults and who can reach them', () => {
  it('runs development on this machine only when NODE_ENV is unset', () => {
    const config = parseEnv({});
    expect(config).toMatchObject({ NODE_ENV: 'development', HOST: '127.0.0.1', seedDemoData: true });
    for (const host of ['127.0.0.1', 'localhost', '::1', '127.0.1.1'])
      expect(parseEnv({ HOST: host }).HOST).toBe(host);
  });

  it.each(['0.0.0.0', '::', '192.168.1.20', 'sabai.example'])(
    'refuses an unset NODE_ENV on HOST=%s, naming NODE_ENV and what it would expose',
    (host) => {
      expect(() => parseEnv({ HOST: host })).toThrow(ConfigError);
      expect(() => parseEnv({ HOST: host })).toThrow(
        new RegExp(
          `^Invalid environment configuration:\\n {2}NODE_ENV: unset, and HOST=${host.replace(/\./g, '\\.')} is reachable from other machines; .*demo logins.*Set NODE_ENV=production.*or NODE_ENV=development`,
        ),
      );
    },
  );

  it('serves development defaults to other machines when told so explicitly (npm start)', () => {
    const config = parseEnv({ NODE_ENV: 'development' });
    expect(config).toMatchObject({ NODE_ENV: 'development', HOST: '0.0.0.0', seedDemoData: true });
    expect(config.PAYMENTS_WEBHOOK_SECRET).toBeDefined();
    expect(parseEnv({ NODE_ENV: 'development', HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
  });

  it('says in one line which mode runs and every development feature on', () => {
    expect(describeMode(parseEnv({ NODE_ENV: 'development', PAYMENTS_DEV_CONFIRM: 'true' }))).toBe(
      'mode: development on 0.0.0.0:3000; development features: demo data and demo logins, dev SMS gateway, ' +
        'development payment webhook secret, development Telegram webhook secret, ' +
        'sandbox payees and simulated payments (this machine only), ' +
        'development payment confirmation (this machine only)',
    );
    expect(describeMode(parseEnv({ ...realServer, PORT: '8080' }))).toBe(
      'mode: production on 0.0.0.0:8080; development features: none',
    );
    // A production demo names what it runs on development stand-ins.
    expect(
      describeMode(
        parseEnv({ NODE_ENV: 'production', SMS_DEV_IN_PRODUCTION: 'true', SEED_DEMO_DATA: 'true' }),
      ),
    ).toBe(
      'mode: production on 0.0.0.0:3000; development features: demo data and demo logins, dev SMS gateway',
    );
  });
});
