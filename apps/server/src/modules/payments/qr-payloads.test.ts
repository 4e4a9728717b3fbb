import bakong from 'bakong-khqr';
import { parse } from 'promptparse';
import { billPayment } from 'promptparse/validate';
import { QRPay } from 'vietnam-qr-pay';
import { describe, expect, it } from 'vitest';
import { SANDBOX_PAYEES } from '../../config/env';
import {
  khqrPayload,
  promptPayPayload,
  QrPayloadError,
  type QrPaymentFacts,
  vietQrPayload,
} from './qr-payloads';

// Each payload is decoded by a parser that did not build it (or by the library's own verifier),
// which recomputes the CRC: amount, currency, bill number and expiry are read back, not assumed.
const createdAt = new Date();
const expiresAt = new Date(createdAt.getTime() + 10 * 60_000);
const facts = (amount: number, currency: string, billNumber = 'A1B2C3D4E5F6A7B8C9D0'): QrPaymentFacts => ({
  amount,
  currency,
  billNumber,
  orderNumber: 'S2026112412345678',
  createdAt,
  expiresAt,
});
const khqrPayee = { accountId: 'sabai_test@devb', merchantName: 'SABAI TEST', merchantCity: 'Phnom Penh' };
const promptPayPayee = { billerId: SANDBOX_PAYEES.PROMPTPAY_BILLER_ID };
const vietQrPayee = { bankBin: '970436', accountNumber: '0123456789' };

/** Changes one digit of the amount tag's value, leaving the CRC as it was. */
const tamperAmount = (payload: string, amountText: string) => {
  const tag = `54${String(amountText.length).padStart(2, '0')}${amountText}`;
  expect(payload).toContain(tag);
  const changed = amountText.replace(/\d/, (digit) => String((Number(digit) + 1) % 10));
  return payload.replace(tag, `54${String(changed.length).padStart(2, '0')}${changed}`);
};

describe('KHQR payloads (bakong-khqr decodes and verifies them)', () => {
  it('carries USD 12.50 as "12.50", the bill number, the order number and the 10-minute expiry', () => {
    const { payload, md5 } = khqrPayload(khqrPayee, facts(1250, 'USD'));
    expect(bakong.BakongKHQR.verify(payload).isValid).toBe(true);
    const decoded = bakong.BakongKHQR.decode(payload).data;
    expect(decoded).toMatchObject({
      bakongAccountID: 'sabai_test@devb',
      merchantName: 'SABAI TEST',
      transactionAmount: '12.50',
      transactionCurrency: '840',
      billNumber: 'A1B2C3D4E5F6A7B8C9D0',
      purposeOfTransaction: 'S2026112412345678',
      // 12: dynamic (one payment), not a reusable static code.
      pointofInitiationMethod: '12',
      creationTimestamp: String(createdAt.getTime()),
      expirationTimestamp: String(expiresAt.getTime()),
      countryCode: 'KH',
    });
    expect(md5).toMatch(/^[0-9a-f]{32}$/);
    expect(bakong.BakongKHQR.verify(tamperAmount(payload, '12.50')).isValid).toBe(false);
  });

  it('keeps the cents of a whole USD amount ("20.00") and takes riel in whole units (KHR 50000 → "50000")', () => {
    const usd = bakong.BakongKHQR.decode(khqrPayload(khqrPayee, facts(2000, 'USD')).payload).data;
    expect(usd?.transactionAmount).toBe('20.00');
    const khr = khqrPayload(khqrPayee, facts(50_000, 'KHR'));
    expect(bakong.BakongKHQR.verify(khr.payload).isValid).toBe(true);
    expect(bakong.BakongKHQR.decode(khr.payload).data).toMatchObject({
      transactionAmount: '50000',
      transactionCurrency: '116',
    });
  });

  it('gives every attempt its own payload and md5 (the bill number differs)', () => {
    const first = khqrPayload(khqrPayee, facts(1250, 'USD', 'AAAAAAAAAAAAAAAAAAA1'));
    const second = khqrPayload(khqrPayee, facts(1250, 'USD', 'AAAAAAAAAAAAAAAAAAA2'));
    expect(second.payload).not.toBe(first.payload);
    expect(second.md5).not.toBe(first.md5);
  });

  it('refuses a currency the rail does not take, a bill number other rails could not carry, and no amount', () => {
    expect(() => khqrPayload(khqrPayee, facts(1250, 'THB'))).toThrow(QrPayloadError);
    expect(() => khqrPayload(khqrPayee, facts(1250, 'USD', 'lower-case'))).toThrow(QrPayloadError);
    expect(() => khqrPayload(khqrPayee, facts(0, 'USD'))).toThrow(QrPayloadError);
  });
});

describe('PromptPay payloads (promptparse decodes them)', () => {
  it('carries THB 350.00 to the biller with the bill number as ref1 and a valid CRC', () => {
    const payload = promptPayPayload(promptPayPayee, facts(35_000, 'THB'));
    expect(billPayment(payload)).toEqual({
      billerId: SANDBOX_PAYEES.PROMPTPAY_BILLER_ID,
      ref1: 'A1B2C3D4E5F6A7B8C9D0',
      ref2: 'S2026112412345678',
      amount: 350,
    });
    const strict = parse(payload, true);
    expect(strict?.getTagValue('54')).toBe('350.00');
    expect(strict?.getTagValue('53')).toBe('764');
    expect(strict?.getTagValue('01')).toBe('12');
    expect(parse(tamperAmount(payload, '350.00'), true)).toBeNull();
  });

  it('keeps satang (THB 1234.05) and refuses another currency', () => {
    expect(parse(promptPayPayload(promptPayPayee, facts(123_405, 'THB')), true)?.getTagValue('54')).toBe(
      '1234.05',
    );
    expect(() => promptPayPayload(promptPayPayee, facts(1250, 'USD'))).toThrow(QrPayloadError);
  });
});

describe('VietQR payloads (vietnam-qr-pay parses them)', () => {
  it('carries VND 250000 to the account with the bill number in tag 62 and the description', () => {
    const payload = vietQrPayload(vietQrPayee, facts(250_000, 'VND'));
    const decoded = new QRPay(payload);
    expect(decoded.isValid).toBe(true);
    expect(decoded.provider.name).toBe('VIETQR');
    expect(decoded.consumer).toMatchObject({ bankBin: '970436', bankNumber: '0123456789' });
    expect(decoded.amount).toBe('250000');
    expect(decoded.currency).toBe('704');
    expect(decoded.initMethod).toBe('12');
    expect(decoded.additionalData.billNumber).toBe('A1B2C3D4E5F6A7B8C9D0');
    expect(decoded.additionalData.purpose).toBe('SABAI A1B2C3D4E5F6A7B8C9D0');
    expect(new QRPay(tamperAmount(payload, '250000')).isValid).toBe(false);
  });

  it('refuses another currency', () => {
    expect(() => vietQrPayload(vietQrPayee, facts(250_000, 'USD'))).toThrow(QrPayloadError);
  });
});
