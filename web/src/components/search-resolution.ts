import type { SearchResolution } from '../core/types';

/**
 * How finely the search ranks (search_resolution.hpp), as the sentence under its rows and in the
 * Markdown export say it. Its message travels in the results pack, which both load.
 */
export function resolutionSentence(
  r: SearchResolution,
  t: (key: string, params?: Record<string, string | number>) => string,
  n: (v: number | null | undefined, digits?: number) => string,
  percent: (share: number | null | undefined) => string,
): string {
  return t(r.moe ? 'ui.search_resolution_moe' : 'ui.search_resolution', {
    runs: n(r.runs, 0),
    median: percent(r.medianGap),
    quartile: percent(r.quartileGap),
    within: n(r.withinTarget, 0),
    target: percent(r.targetGap),
  });
}
