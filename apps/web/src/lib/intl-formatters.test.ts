import { describe, expect, it } from 'vitest';
import { intlFormatter } from './intl-formatters';

describe('intlFormatter (decision 090)', () => {
  it('builds one formatter per locale and options, and formats as a new one would', () => {
    const rating = intlFormatter(Intl.NumberFormat, 'en', { minimumFractionDigits: 1 });
    expect(intlFormatter(Intl.NumberFormat, 'en', { minimumFractionDigits: 1 })).toBe(rating);
    expect(intlFormatter(Intl.NumberFormat, 'zh-CN', { minimumFractionDigits: 1 })).not.toBe(rating);
    expect(intlFormatter(Intl.NumberFormat, 'en', { minimumFractionDigits: 2 })).not.toBe(rating);
    expect(rating.format(4)).toBe(new Intl.NumberFormat('en', { minimumFractionDigits: 1 }).format(4));
  });

  it('gives a constructor installed later (a polyfill) formatters of its own', () => {
    const engine = intlFormatter(Intl.NumberFormat, 'km', {});
    class PolyfilledNumberFormat extends Intl.NumberFormat {}
    const polyfilled = intlFormatter(PolyfilledNumberFormat, 'km', {});
    expect(polyfilled).toBeInstanceOf(PolyfilledNumberFormat);
    expect(polyfilled).not.toBe(engine);
    expect(intlFormatter(Intl.NumberFormat, 'km', {})).toBe(engine);
  });

  it('caches nothing when the constructor throws, so the caller can fall back', () => {
    const build = () => intlFormatter(Intl.DateTimeFormat, 'en', { timeZone: 'Not/AZone' });
    expect(build).toThrow(RangeError);
    expect(build).toThrow(RangeError);
  });
});
