import { describe, expect, it } from 'vitest';
import { compareVersions, findAvailableUpdate, isDottedVersion } from './app-version';

describe('compareVersions (dotted-numeric)', () => {
  it('compares each part as a number, not as text', () => {
    expect(compareVersions('2.6.10', '2.6.9')).toBe(1);
    expect(compareVersions('2.6.9', '2.6.10')).toBe(-1);
    expect(compareVersions('10.0', '9.9.9')).toBe(1);
  });

  it('counts a missing part as zero', () => {
    expect(compareVersions('2.6', '2.6.0')).toBe(0);
    expect(compareVersions('2.6.0.1', '2.6')).toBe(1);
  });

  it('treats leading zeros as the same number', () => {
    expect(compareVersions('2.06.082', '2.6.82')).toBe(0);
  });
});

describe('isDottedVersion', () => {
  it('accepts one to four numeric parts only', () => {
    expect(isDottedVersion('2')).toBe(true);
    expect(isDottedVersion('2.6.82')).toBe(true);
    expect(isDottedVersion('2.6.82.1')).toBe(true);
    for (const bad of ['', '2.', '.2', 'v2.6', '2.6.x', '2..6', '1.2.3.4.5', '2.6.82-beta', '1234567'])
      expect(isDottedVersion(bad), bad).toBe(false);
  });
});

describe('findAvailableUpdate', () => {
  const record = (version: string, method = 'false', des = '') => ({ version, method, des });

  it('is null when nothing newer than the running version is published', () => {
    expect(findAvailableUpdate([], '2.6.82')).toBeNull();
    expect(findAvailableUpdate([record('2.6.82'), record('2.6.81', 'true')], '2.6.82')).toBeNull();
  });

  it('offers the newest version, optional when none of the newer ones is forced', () => {
    const update = findAvailableUpdate(
      [record('2.6.83', 'false', 'a'), record('2.6.90', 'false', 'newest'), record('2.6.1', 'true')],
      '2.6.82',
    );
    expect(update).toEqual({ version: '2.6.90', des: 'newest', isForced: false });
  });

  it('stays forced when a forced release lies between the running and the newest version', () => {
    const update = findAvailableUpdate([record('2.7.0', 'true'), record('2.8.0', 'false')], '2.6.82');
    expect(update).toEqual({ version: '2.8.0', des: '', isForced: true });
  });

  it('ignores a record whose version is not dotted-numeric', () => {
    expect(findAvailableUpdate([record('9.9-beta', 'true')], '2.6.82')).toBeNull();
  });
});
