import { describe, expect, it } from 'vitest';
import { maskPhone, normaliseMobile, splitE164 } from './phone';

describe('normaliseMobile', () => {
  it.each([
    // Cambodia: 8 or 9 digits after the trunk 0, typed with or without the 0 and spaces.
    ['012 345 678', '855', '+85512345678'],
    ['12345678', '855', '+85512345678'],
    ['097 712 3456', '855', '+855977123456'],
    ['0977123456', '855', '+855977123456'],
    ['098123456', '855', '+85598123456'],
    ['+855 12 345 678', '855', '+85512345678'],
    ['010-123-456', '855', '+85510123456'],
    // China: 11 digits starting 1, no trunk prefix.
    ['13800138000', '86', '+8613800138000'],
    ['138 0013 8000', '86', '+8613800138000'],
    // Thailand and Vietnam: trunk 0 then 9 digits.
    ['081 234 5678', '66', '+66812345678'],
    ['812345678', '66', '+66812345678'],
    ['091 234 56 78', '84', '+84912345678'],
    ['0987654321', '84', '+84987654321'],
    ['+855 12345678', '+855', '+85512345678'],
  ])('%s (+%s) is the mobile %s', (input, areaCode, e164) => {
    expect(normaliseMobile(input, areaCode)?.e164).toBe(e164);
  });

  it('splits the stored number into dialling code and national number', () => {
    expect(normaliseMobile('097 712 3456', '855')).toEqual({
      e164: '+855977123456',
      areaCode: '855',
      national: '977123456',
      iso2: 'KH',
    });
    expect(splitE164('+8613800138000')).toEqual({ areaCode: '86', national: '13800138000' });
  });

  it.each([
    ['023 123 456', '855', 'a Phnom Penh landline'],
    ['01234567', '855', 'a Cambodian number with an unknown prefix'],
    ['0123456789012', '855', 'too many digits'],
    ['1234567', '855', 'too few digits'],
    ['1380013800', '86', 'a Chinese mobile one digit short'],
    ['138001380001', '86', 'a Chinese mobile one digit long'],
    ['23800138000', '86', 'a Chinese number not starting 1'],
    ['02 123 4567', '66', 'a Bangkok landline'],
    ['0212345678', '66', 'a Thai landline'],
    ['024 3825 1234', '84', 'a Hanoi landline'],
    ['+66 81 234 5678', '855', 'a Thai mobile when Cambodia was picked'],
    ['012 345 67a', '855', 'letters'],
    ['', '855', 'nothing'],
    ['012345678', 'abc', 'a bad dialling code'],
  ])('refuses %s (+%s): %s', (input, areaCode) => {
    expect(normaliseMobile(input, areaCode)).toBeUndefined();
  });
});

describe('maskPhone', () => {
  it('keeps the country code and the last three digits', () => {
    expect(maskPhone('+85512345678')).toBe('+85512***678');
  });
});
