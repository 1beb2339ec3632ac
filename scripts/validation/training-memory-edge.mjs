// How close to the card the search's best layouts sit against the published ones: the search
// keeps the layouts whose memory range stays under the headroom (the verdict "fits"), as the
// runs' authors left room; with tight layouts let in, its best filled the card.
import { median } from './stats.mjs';
import { heldRun, isSearchHeld } from './training-rows.mjs';

const HEADROOM = 0.9; // the plans' default headroom (training_memory.hpp)
// The Llama 3 70B SFT recipe whose rank 0 ran out of memory from fragmentation (its notes).
const SFT_CONTROL = 'mbridge-skill-h100-llama3_70b-sft-32gpu-recompute-core_attn';

/**
 * Over the runs held to the search's aim whose search found a best: the published layout's
 * predicted peak and the search's best's, each over the card (median, and how many above the
 * headroom); how many published layouts and bests are "tight"; and how many searches found no
 * layout that fits with the headroom (their best tight).
 */
export function memoryEdge(rows) {
  const held = rows.filter((r) => isSearchHeld(r) && r.search?.best && r.cardGb > 0);
  const shares = (peakOf) => held.map((r) => peakOf(r) / r.cardGb);
  const published = shares((r) => r.peakGb);
  const best = shares((r) => r.search.best.peakGb);
  const over = (list) => list.filter((x) => x > HEADROOM).length;
  return {
    runs: held.length,
    published: { median: median(published), over: over(published) },
    best: { median: median(best), over: over(best) },
    tightPublished: held.filter((r) => r.verdict === 'tight').length,
    tightBests: held.filter((r) => r.search.best.verdict === 'tight').length,
    fallbacks: held.filter((r) => r.search.tightFallback).length,
  };
}

export function memoryEdgeFinding(rows) {
  const e = memoryEdge(rows);
  if (!e.runs) return [];
  const share = (x) => `${Math.round(x * 100)} %`;
  const sft = heldRun(rows, SFT_CONTROL);
  return [
    `How close to the card: over the ${e.runs} searches, the published layout's predicted peak ` +
      `sits a median ${share(e.published.median)} of the card (${e.published.over} above the ` +
      `${share(HEADROOM)} headroom, ${e.tightPublished} "tight": their memory range's high end ` +
      `past it), the search's best a median ${share(e.best.median)} (${e.best.over} above it, ` +
      `${e.tightBests} tight, in the ${e.fallbacks} searches where no layout fits with the ` +
      'headroom). The search keeps the layouts whose whole range stays under the headroom, the ' +
      'memory verdict "fits": tight layouts ran out of memory about as often as they trained in ' +
      "the layout sweeps below. That room is real: Megatron-Bridge's Llama 3 70B SFT recipe on " +
      'H100' +
      (sft ? `, at a predicted ${share(sft.peakGb / sft.cardGb)} of the card,` : '') +
      ' ran out of memory from fragmentation until PyTorch’s expandable segments (the skill ' +
      'nemo-mbridge-perf-memory-tuning). Until 2026-12-07 the search ranked every layout whose ' +
      'point estimate fits, tight ones among them (`tight=1` still does): 148 of 228 bests were ' +
      'tight, a median 86 % of the card. A published layout the model calls tight trained, so ' +
      'it is compared as stated (its own variants searched with `tight=1`) and ranked by its ' +
      'step among the layouts the search lists.',
    '',
  ];
}
