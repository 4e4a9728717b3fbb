import { describe, expect, it } from 'vitest';
import { findLiteralStrings } from './find-literal-strings';

/** Every component in src goes through i18next: no user-visible literal may slip in. */
const sources = import.meta.glob<string>('../**/*.tsx', { eager: true, query: '?raw', import: 'default' });

describe('no literal user-visible strings in components', () => {
  it('scans the components', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(10);
  });

  it('finds none', () => {
    const findings = Object.entries(sources).flatMap(([file, source]) => findLiteralStrings(file, source));
    expect(
      findings.map((f) => `${f.file}:${f.line} ${f.kind}${f.prop ? `(${f.prop})` : ''} "${f.text}"`),
    ).toEqual([]);
  });
});
