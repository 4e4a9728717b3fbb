// @vitest-environment happy-dom
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TAPS_TO_UNLOCK, useSecretTaps } from './use-secret-taps';

describe('useSecretTaps (seven taps on the version)', () => {
  it('counts down to zero over seven quick taps, then starts again', () => {
    let now = 0;
    const { result } = renderHook(() => useSecretTaps(() => now));
    const answers: number[] = [];
    for (let tap = 0; tap < TAPS_TO_UNLOCK; tap += 1) {
      now += 300;
      answers.push(result.current());
    }
    expect(answers).toEqual([6, 5, 4, 3, 2, 1, 0]);
    now += 300;
    expect(result.current()).toBe(6);
  });

  it('starts the count again after a pause longer than 1.5 s', () => {
    let now = 0;
    const { result } = renderHook(() => useSecretTaps(() => now));
    for (let tap = 0; tap < 5; tap += 1) {
      now += 200;
      result.current();
    }
    now += 2000;
    expect(result.current()).toBe(6);
  });
});
