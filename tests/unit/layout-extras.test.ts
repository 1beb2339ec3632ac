// How a search row names the dimensions beyond (TP, PP, DP): a deep uneven pipeline split (the
// search's DeepSeek-V3 rows have 31 stages) is written as runs, and reads back as the same split.
import { describe, expect, test } from 'vitest';
import { layoutExtras, stageRuns } from '../../web/src/components/layout-extras';
import type { LayoutCandidate } from '../../web/src/core/types';

const expand = (runs: string) =>
  runs.split(', ').flatMap((run) => {
    const [size, count] = run.split('×');
    return Array(Number(count ?? 1)).fill(size);
  });

describe('stageRuns', () => {
  test.each([
    ['2,2,2,2,1', '2×4, 1'],
    ['7,8,8,8,8,8,8,8,8,8,8,8,8,8,8,7', '7, 8×14, 7'],
    ['41,39', '41, 39'],
    ['9,9,8,8', '9, 9, 8, 8'],
    ['16,16,16,13', '16×3, 13'],
  ])('%s is written %s and reads back as the same stages', (list, written) => {
    expect(stageRuns(list)).toBe(written);
    expect(expand(written).join(',')).toBe(list);
  });
});

test('a row names VPP, CP, EP with its ETP, and the split, in that order', () => {
  const c = { vpp: 4, cp: 2, ep: 8, etp: 2, stageLayers: '4,4,4,1' } as LayoutCandidate;
  expect(layoutExtras(c)).toBe('VPP 4 · CP 2 · EP 8×2 · [4×3, 1]');
  expect(layoutExtras({ vpp: 1, cp: 1, ep: 1, etp: 1, stageLayers: '' } as LayoutCandidate)).toBe(
    '',
  );
});
