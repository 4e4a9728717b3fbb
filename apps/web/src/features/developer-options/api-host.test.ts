import { describe, expect, it } from 'vitest';
import { normaliseApiHost } from './api-host';

describe('normaliseApiHost', () => {
  it('keeps an http(s) origin, with an optional path prefix, without the trailing slash', () => {
    expect(normaliseApiHost(' https://staging.sabai.example/ ')).toBe('https://staging.sabai.example');
    expect(normaliseApiHost('http://192.168.1.20:3000')).toBe('http://192.168.1.20:3000');
    expect(normaliseApiHost('https://proxy.example/sabai/')).toBe('https://proxy.example/sabai');
    expect(normaliseApiHost('HTTPS://Staging.Sabai.Example')).toBe('https://staging.sabai.example');
  });

  it('refuses anything that is not such an address', () => {
    for (const bad of [
      '',
      'staging.sabai.example',
      'ftp://files.example',
      'javascript:alert(1)',
      'https://',
      'https://host.example/?a=1',
      'https://host.example/#x',
      'https://user:secret@host.example',
      'http://exa mple.com',
    ])
      expect(normaliseApiHost(bad), bad).toBeNull();
  });
});
