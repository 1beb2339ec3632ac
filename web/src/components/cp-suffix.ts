import { orNaN } from '../core/unknown';

/**
 * " · CP 2" after a (TP, PP, DP) triplet whose replica spans context-parallel ranks, else "".
 * Its own module: the search's layout-extras.ts would pull the search's helpers into the first
 * visit.
 */
export function cpSuffix(cp: number | null): string {
  return orNaN(cp) > 1 ? ` · CP ${cp}` : '';
}
