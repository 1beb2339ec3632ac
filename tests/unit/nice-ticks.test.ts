// A chart's linear axis in round steps: the memory chart's axis read 0, 42, 84, 127, 169 (quarters
// of its largest bar) where a reader expects 0, 50, 100, 150, 200.
import { expect, test } from 'vitest';
import { niceTicks } from '../../web/src/components/nice-ticks';

test.each([
  [169, [0, 50, 100, 150, 200]],
  [150.7, [0, 50, 100, 150, 200]],
  [4, [0, 1, 2, 3, 4]],
  [361.4, [0, 100, 200, 300, 400]],
  [9.5, [0, 5, 10]],
])('an axis up to %s has ticks %j', (max, ticks) => {
  expect(niceTicks(max)).toEqual(ticks);
});

test('steps below one stay round, and the last tick is at or above the largest value', () => {
  const ticks = niceTicks(0.37);
  expect(ticks.map((v) => Math.round(v * 1e6) / 1e6)).toEqual([0, 0.1, 0.2, 0.3, 0.4]);
  for (const max of [0.003, 1, 7.7, 85.05, 1e6 + 1]) {
    const t = niceTicks(max);
    expect(t[0]).toBe(0);
    expect(t[t.length - 1]).toBeGreaterThanOrEqual(max);
    expect(t.length).toBeGreaterThanOrEqual(2);
    expect(t.length).toBeLessThanOrEqual(9);
  }
});

test('nothing to scale still gives an axis', () => {
  for (const max of [0, -1, NaN, Infinity]) expect(niceTicks(max)).toEqual([0, 1]);
});
