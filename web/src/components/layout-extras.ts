import type { LayoutCandidate } from '../core/types';
import { orNaN } from '../core/unknown';

/** "VPP 4 · CP 2 · EP 8 · [7,8,…,7]": the dimensions beyond (TP, PP, DP) a layout uses. */
export function layoutExtras(c: LayoutCandidate): string {
  const parts: string[] = [];
  if (orNaN(c.vpp) > 1) parts.push(`VPP ${c.vpp}`);
  if (orNaN(c.cp) > 1) parts.push(`CP ${c.cp}`);
  if (orNaN(c.ep) > 1) parts.push(`EP ${c.ep}${orNaN(c.etp) > 1 ? `×${c.etp}` : ''}`);
  if (c.stageLayers) parts.push(`[${c.stageLayers}]`);
  return parts.join(' · ');
}
