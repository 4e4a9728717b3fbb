// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { readDeviceInfo } from './device';

describe('readDeviceInfo (decision 090)', () => {
  it('reads the device once, and again after the window is resized', () => {
    const first = readDeviceInfo();
    expect(JSON.parse(first.systemInfo)).toMatchObject({ windowWidth: window.innerWidth });
    expect(readDeviceInfo()).toBe(first);
    window.dispatchEvent(new Event('resize'));
    const resized = readDeviceInfo();
    expect(resized).not.toBe(first);
    expect(resized).toEqual(first);
    expect(readDeviceInfo()).toBe(resized);
  });
});
