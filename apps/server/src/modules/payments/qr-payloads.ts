import { isCurrency, money, toDecimalString } from '@sabai/shared/money';
import bakong from 'bakong-khqr';
import { generate } from 'promptparse';
import { QRPay } from 'vietnam-qr-pay';

/**
 * Dynamic EMVCo merchant-presented QR payloads, one per payment attempt (decision 040): the
 * amount (minor units turned into the rail's decimal text), our bill number and, where the format
 * has one, the expiry. Pure functions: the providers decide who is paid and what happens next.
 */

/** What every rail's payload carries. */
export interface QrPaymentFacts {
  /** Integer minor units of `currency`. */
  amount: number;
  currency: string;
  /** Ours, unique per attempt: what the payer's bank reports back. */
  billNumber: string;
  orderNumber: string;
  createdAt: Date;
  expiresAt: Date;
}

export interface KhqrPayee {
  accountId: string;
  merchantName: string;
  merchantCity: string;
}
export interface PromptPayPayee {
  billerId: string;
}
export interface VietQrPayee {
  bankBin: string;
  accountNumber: string;
}

/** Why a payload cannot be built: a bug or a misconfiguration, never the customer's doing. */
export class QrPayloadError extends Error {
  override name = 'QrPayloadError';
}

/** Bill numbers fit every rail: PromptPay's ref1 takes at most 20 capitals and digits. */
const BILL_NUMBER = /^[A-Z0-9]{1,20}$/;

function decimalAmount(facts: QrPaymentFacts, currencies: readonly string[]): string {
  if (!currencies.includes(facts.currency) || !isCurrency(facts.currency))
    throw new QrPayloadError(`this rail does not take ${facts.currency}`);
  if (!Number.isSafeInteger(facts.amount) || facts.amount <= 0)
    throw new QrPayloadError(`not a payable amount: ${facts.amount}`);
  if (!BILL_NUMBER.test(facts.billNumber)) throw new QrPayloadError(`bad bill number: ${facts.billNumber}`);
  return toDecimalString(money(facts.amount, facts.currency));
}

/**
 * bakong-khqr reads the wall clock for the creation timestamp (tag 99) and to refuse an expiry in
 * the past; the attempt's clock is the truth (a fixed one in tests), so that one synchronous call
 * is handed it. Nothing else runs while a synchronous function runs.
 */
export function atInstant<T>(instant: Date, work: () => T): T {
  const wallClock = Date.now;
  Date.now = () => instant.getTime();
  try {
    return work();
  } finally {
    Date.now = wallClock;
  }
}

/** KHQR (Bakong, Cambodia): USD or KHR; tag 99 carries creation and expiry in milliseconds. */
export function khqrPayload(payee: KhqrPayee, facts: QrPaymentFacts): { payload: string; md5: string } {
  const amount = decimalAmount(facts, ['USD', 'KHR']);
  const info = new bakong.IndividualInfo(payee.accountId, payee.merchantName, payee.merchantCity, {
    currency: facts.currency === 'USD' ? bakong.khqrData.currency.usd : bakong.khqrData.currency.khr,
    // As decimal text: the library keeps "20.00" (a number 20 would print as "20").
    amount,
    billNumber: facts.billNumber,
    purposeOfTransaction: facts.orderNumber,
    expirationTimestamp: facts.expiresAt.getTime(),
  });
  const result = atInstant(facts.createdAt, () => new bakong.BakongKHQR().generateIndividual(info));
  if (result.status.code !== 0 || !result.data)
    throw new QrPayloadError(`KHQR refused: ${result.status.message ?? result.status.errorCode}`);
  return { payload: result.data.qr, md5: result.data.md5 };
}

/**
 * PromptPay bill payment (tag 30, Thailand): THB to the biller id, ref1 = bill number, ref2 = order
 * number. PromptPay has no expiry tag; the attempt's expiry is ours alone.
 */
export function promptPayPayload(payee: PromptPayPayee, facts: QrPaymentFacts): string {
  const amount = decimalAmount(facts, ['THB']);
  return generate.billPayment({
    billerId: payee.billerId,
    amount: Number(amount),
    ref1: facts.billNumber,
    ref2: facts.orderNumber,
  });
}

/**
 * VietQR (NAPAS 247, Vietnam): VND to the bank account; the bill number in tag 62.01 and in the
 * transfer description, which is what Vietnamese bank notifications carry. No expiry tag.
 */
export function vietQrPayload(payee: VietQrPayee, facts: QrPaymentFacts): string {
  const amount = decimalAmount(facts, ['VND']);
  const qr = QRPay.initVietQR({
    bankBin: payee.bankBin,
    bankNumber: payee.accountNumber,
    amount,
    purpose: `SABAI ${facts.billNumber}`,
  });
  qr.additionalData.billNumber = facts.billNumber;
  return qr.build();
}
