import { describe, expect, it } from 'vitest';
import { parseMembershipConfig } from './membership-config';

describe('parseMembershipConfig', () => {
  it('reads the JSON string in data.value', () => {
    expect(parseMembershipConfig({ value: '{"isOpen":true,"link":"/my/vip"}' })).toEqual({
      isOpen: true,
      link: '/my/vip',
    });
  });

  it('treats broken or missing values as closed', () => {
    expect(parseMembershipConfig({ value: '{not json' })).toEqual({ isOpen: false, link: '' });
    expect(parseMembershipConfig(null)).toEqual({ isOpen: false, link: '' });
    expect(parseMembershipConfig({ value: '{"isOpen":"yes"}' })).toEqual({ isOpen: false, link: '' });
  });
});
