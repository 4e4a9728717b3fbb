import { describe, expect, it } from 'vitest';
import { createLogger, maskPhoneForLog } from './logger';

describe('a phone number in a log line', () => {
  it('keeps the calling code and the last three digits', () => {
    expect(maskPhoneForLog('+85512345678')).toBe('+855*****678');
    expect(maskPhoneForLog('+855977123456')).toBe('+855******456');
    expect(maskPhoneForLog('+66812345678')).toBe('+66******678');
    expect(maskPhoneForLog('+8613800138000')).toBe('+86********000');
  });

  it('shows nothing of a value that is not an E.164 number', () => {
    expect(maskPhoneForLog('012345678')).toBe('[phone]');
    expect(maskPhoneForLog('+855 12 345 678')).toBe('[phone]');
  });

  it('is masked wherever identity and SMS code log one', () => {
    const written: string[] = [];
    const log = createLogger({ level: 'info', stream: { write: (line) => void written.push(line) } });
    log.error({ to: '+85512345678', purpose: 'login' }, 'SMS not sent');
    log.info({ phone: '+85512345678', user: { phone: '+66812345678' } }, 'account');
    expect(written.map((line) => JSON.parse(line))).toEqual([
      expect.objectContaining({ to: '+855*****678', purpose: 'login' }),
      expect.objectContaining({ phone: '+855*****678', user: { phone: '+66******678' } }),
    ]);
  });

  it('leaves other values under those names alone', () => {
    const written: string[] = [];
    const log = createLogger({ level: 'info', stream: { write: (line) => void written.push(line) } });
    log.info({ to: 3 }, 'moved');
    expect(JSON.parse(written[0] ?? '{}')).toMatchObject({ to: 3 });
  });
});
