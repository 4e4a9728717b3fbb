import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnv } from './env';

describe('environment configuration', () => {
  it('has working defaults', () => {
    const config = parseEnv({});
    expect(config).toMatchObject({
      PORT: 3000,
      DATA_DIR: './data',
      NODE_ENV: 'development',
      seedDemoData: true,
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.REDIS_URL).toBeUndefined();
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
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

  it('does not load demo data in production unless asked', () => {
    expect(parseEnv({ NODE_ENV: 'production' }).seedDemoData).toBe(false);
    expect(parseEnv({ NODE_ENV: 'production', SEED_DEMO_DATA: 'true' }).seedDemoData).toBe(true);
  });

  it('reads a list of CORS origins', () => {
    expect(parseEnv({ CORS_ORIGINS: 'https://a.example, https://b.example' }).CORS_ORIGINS).toEqual([
      'https://a.example',
      'https://b.example',
    ]);
  });
});
