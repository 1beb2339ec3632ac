import type { LayoutCandidate } from '../core/types';
import { orNaN } from '../core/unknown';

/**
 * A pipeline split's layers per stage with each run of three or more equal stages written once
 * with its count: "2,2,2,2,1" as "2×4, 1", so that a deep split stays one readable cell.
 */
export function stageRuns(stageLayers: string): string {
  const sizes = stageLayers.split(',').map((s) => s.trim());
  const runs: string[] = [];
  for (let i = 0; i < sizes.length;) {
    let j = i;
    while (j < sizes.length && sizes[j] === sizes[i]) j++;
    runs.push(j - i > 2 ? `${sizes[i]}×${j - i}` : sizes.slice(i, j).join(', '));
    i = j;
  }
  return runs.join(', ');
}

/** "VPP 4 · CP 2 · EP 8 · [7, 8×14, 7]": the dimensions beyond (TP, PP, DP) a layout uses. */
export function layoutExtras(c: LayoutCandidate): string {
  const parts: string[] = [];
  if (orNaN(c.vpp) > 1) parts.push(`VPP ${c.vpp}`);
  if (orNaN(c.cp) > 1) parts.push(`CP ${c.cp}`);
  if (orNaN(c.ep) > 1) parts.push(`EP ${c.ep}${orNaN(c.etp) > 1 ? `×${c.etp}` : ''}`);
  if (c.stageLayers) parts.push(`[${stageRuns(c.stageLayers)}]`);
  return parts.join(' · ');
}
