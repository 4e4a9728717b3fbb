import { describe, expect, it } from 'vitest';
import { parseEnv, SANDBOX_PAYEES } from '../../config/env';
import { qrRailsFrom } from './payment-provider';

// Decision 040: who each QR rail pays comes from the environment; sandbox payees outside
// production only, and a real adapter never starts half-configured.
const productionBase = { NODE_ENV: 'production', SMS_DEV_IN_PRODUCTION: 'true' };
const realPayees = {
  KHQR_ACCOUNT_ID: 'sabai@aclb',
  KHQR_MERCHANT_NAME: 'SABAI CO LTD',
  KHQR_MERCHANT_CITY: 'Phnom Penh',
  PROMPTPAY_BILLER_ID: '010555012345601',
  PROMPTPAY_PAYEE_NAME: 'Sabai (Thailand) Co., Ltd.',
  VIETQR_BANK_BIN: '970436',
  VIETQR_ACCOUNT_NUMBER: '0071000123456',
  VIETQR_PAYEE_NAME: 'CONG TY SABAI',
};
const bakong = {
  KHQR_PROVIDER: 'bakong',
  BAKONG_API_URL: 'https://api-bakong.nbc.gov.kh',
  BAKONG_API_TOKEN: 'a-token-of-sufficient-length',
};

describe('QR rail payees from the environment', () => {
  it('outside production, pays obviously fake sandbox payees on every QR rail', () => {
    const config = parseEnv({});
    expect(config).toMatchObject({ ...SANDBOX_PAYEES, KHQR_PROVIDER: 'sandbox' });
    expect(SANDBOX_PAYEES.KHQR_ACCOUNT_ID).toMatch(/sandbox/);
    const rails = qrRailsFrom(config);
    expect(Object.keys(rails).sort()).toEqual(['khqr', 'promptpay', 'vietqr']);
    expect(rails.vietqr?.payeeName).toBe('SABAI SANDBOX');
  });

  it('in production has no sandbox payee: an unconfigured QR rail is simply not offered', () => {
    const config = parseEnv(productionBase);
    expect(config.KHQR_ACCOUNT_ID).toBeUndefined();
    expect(config.PROMPTPAY_BILLER_ID).toBeUndefined();
    expect(qrRailsFrom(config)).toEqual({});
  });

  it('in production builds each rail for its configured payee', () => {
    const rails = qrRailsFrom(parseEnv({ ...productionBase, ...realPayees, ...bakong }));
    expect(rails.khqr?.payeeName).toBe('SABAI CO LTD');
    expect(rails.promptpay?.payeeName).toBe('Sabai (Thailand) Co., Ltd.');
    expect(rails.vietqr?.payeeName).toBe('CONG TY SABAI');
  });

  it('refuses to start the Bakong adapter without its API and, in production, without a real payee', () => {
    expect(() => parseEnv({ KHQR_PROVIDER: 'bakong' })).toThrow(
      /BAKONG_API_URL: required when KHQR_PROVIDER=bakong\n {2}BAKONG_API_TOKEN: required/,
    );
    // Development may try Bakong with the sandbox payee; production may not.
    expect(parseEnv(bakong).KHQR_ACCOUNT_ID).toBe(SANDBOX_PAYEES.KHQR_ACCOUNT_ID);
    expect(() => parseEnv({ ...productionBase, ...bakong })).toThrow(
      /KHQR_ACCOUNT_ID: required when KHQR_PROVIDER=bakong/,
    );
  });

  it.each([
    ['PROMPTPAY_BILLER_ID', '0812345678'],
    ['VIETQR_BANK_BIN', 'ACB'],
    ['VIETQR_ACCOUNT_NUMBER', '12 34'],
    ['KHQR_MERCHANT_NAME', 'A merchant name far longer than KHQR allows'],
    ['BAKONG_API_URL', 'ftp://bakong.example'],
    ['KHQR_PROVIDER', 'aba'],
  ])('stops with a message naming %s when it is %s', (name, value) => {
    expect(() => parseEnv({ [name]: value })).toThrow(
      new RegExp(`^Invalid environment configuration:\\n  ${name}:`),
    );
  });
});
