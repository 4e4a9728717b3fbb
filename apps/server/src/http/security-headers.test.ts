import { describe, expect, it } from 'vitest';
import { computeSecurityHeaderSets } from './security-headers';

const documentPolicy = { directives: { defaultSrc: ["'self'"] } };

describe('security header sets', () => {
  it('adds HSTS to pages and API answers alike when asked (production behind TLS)', () => {
    const sets = computeSecurityHeaderSets({ documentPolicy, hsts: true });
    expect(sets.document['strict-transport-security']).toMatch(/^max-age=\d+/);
    expect(sets.api['strict-transport-security']).toBe(sets.document['strict-transport-security']);
  });

  it('leaves HSTS out of both over plain http', () => {
    const sets = computeSecurityHeaderSets({ documentPolicy, hsts: false });
    expect(sets.document['strict-transport-security']).toBeUndefined();
    expect(sets.api['strict-transport-security']).toBeUndefined();
  });

  it('keeps the API set to the headers a JSON answer needs', () => {
    const { api, document } = computeSecurityHeaderSets({ documentPolicy, hsts: true });
    expect(Object.keys(api).sort()).toEqual([
      'cache-control',
      'content-security-policy',
      'cross-origin-resource-policy',
      'referrer-policy',
      'strict-transport-security',
      'x-content-type-options',
      'x-frame-options',
    ]);
    expect(api['cache-control']).toBe('no-store');
    expect(Object.keys(document).length).toBeGreaterThan(Object.keys(api).length);
    expect(document['content-security-policy']).toContain("default-src 'self'");
  });
});
