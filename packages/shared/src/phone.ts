import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

/** A mobile number as we store it (E.164) and show it (dialling code + national number). */
export interface NormalisedMobile {
  e164: string;
  areaCode: string;
  /** National significant number: no trunk 0, no spaces (012 345 678 → 12345678). */
  national: string;
  iso2: string | undefined;
}

const MOBILE_TYPES = new Set(['MOBILE', 'FIXED_LINE_OR_MOBILE']);
/** What people type around the digits: spaces, dashes, dots, brackets. Letters are never accepted. */
const DECORATION = /[\s\-().]/g;

/**
 * Reads what a user typed for the country they picked (its dialling code, e.g. "855") into an E.164
 * mobile number, or undefined when it is not a mobile of that country. Follows libphonenumber's
 * metadata rather than fixed digit counts: Cambodian mobiles have 8 or 9 digits after the 0.
 */
export function normaliseMobile(input: string, areaCode: string): NormalisedMobile | undefined {
  const code = areaCode.replace(/^\+/, '').trim();
  if (!/^[0-9]{1,4}$/.test(code)) return undefined;
  const digits = input.replace(DECORATION, '');
  if (!/^\+?[0-9]{4,17}$/.test(digits)) return undefined;
  const parsed = parsePhoneNumberFromString(digits, { defaultCallingCode: code });
  if (!parsed || parsed.countryCallingCode !== code || !parsed.isValid()) return undefined;
  const type = parsed.getType();
  if (!type || !MOBILE_TYPES.has(type)) return undefined;
  return { e164: parsed.number, areaCode: code, national: parsed.nationalNumber, iso2: parsed.country };
}

/** The same number read from its stored E.164 form. */
export function splitE164(e164: string): { areaCode: string; national: string } {
  const parsed = parsePhoneNumberFromString(e164);
  if (!parsed) return { areaCode: '', national: e164.replace(/^\+/, '') };
  return { areaCode: parsed.countryCallingCode, national: parsed.nationalNumber };
}

/** For display and logs: +855 12 *** 678. */
export function maskPhone(e164: string): string {
  return e164.length > 7 ? `${e164.slice(0, 6)}***${e164.slice(-3)}` : '***';
}
