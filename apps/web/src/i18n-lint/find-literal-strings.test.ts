import { describe, expect, it } from 'vitest';
import { findLiteralStrings } from './find-literal-strings';

describe('findLiteralStrings (the checker itself)', () => {
  it('reports JSX text, literal children and user-facing props', () => {
    const fixture = `
      export function Bad() {
        return (
          <section aria-label="Greeting">
            <h1>Hello there</h1>
            <p>{'Written inline'}</p>
            <input placeholder={\`Type here\`} />
            <img alt="A cat" src="/cat.png" />
          </section>
        );
      }
    `;
    const findings = findLiteralStrings('fixture.tsx', fixture);
    expect(findings.map((finding) => finding.text)).toEqual([
      'Greeting',
      'Hello there',
      'Written inline',
      'Type here',
      'A cat',
    ]);
    expect(findings[0]).toMatchObject({ kind: 'prop', prop: 'aria-label', line: 4 });
    expect(findings[1]).toMatchObject({ kind: 'jsx-text', line: 5 });
  });

  it('accepts translated text, symbols and non user-facing props', () => {
    const fixture = `
      export function Good({ t }: { t: (key: string) => string }) {
        return (
          <div className="card" data-testid="card" role="status">
            <h1 title={t('home:title')}>{t('home:welcome')}</h1>
            <span aria-hidden="true">›</span>
            <span>{'·'} 42 %</span>
          </div>
        );
      }
    `;
    expect(findLiteralStrings('fixture.tsx', fixture)).toEqual([]);
  });
});
