// How close to the card the search's best layouts sit against the published ones: the search
// ranks by time among the layouts whose point estimate fits, so where memory is the price of
// speed its best fills the card, where the runs' authors left room.
import { median } from './stats.mjs';
import { shape } from './training-plans.mjs';
import { heldRun, isSearchHeld } from './training-rows.mjs';

const HEADROOM = 0.9; // the plans' default headroom (training_memory.hpp)
// The Llama 3 70B SFT recipe whose rank 0 ran out of memory from fragmentation (its notes).
const SFT_CONTROL = 'mbridge-skill-h100-llama3_70b-sft-32gpu-recompute-core_attn';

/**
 * Over the runs held to the search's aim whose search found a best: the published layout's
 * predicted peak and the search's best's, each over the card (median, and how many above the
 * headroom), and how many bests are "tight".
 */
export function memoryEdge(rows) {
  const held = rows.filter((r) => isSearchHeld(r) && r.search?.best && r.cardGb > 0);
  const shares = (peakOf) => held.map((r) => peakOf(r) / r.cardGb);
  const published = shares((r) => r.peakGb);
  const best = shares((r) => r.search.best.peakGb);
  const over = (list) => list.filter((x) => x > HEADROOM).length;
  const belowTight = held.filter((r) => r.search.best.verdict === 'tight' && r.search.rank !== 1);
  return {
    runs: held.length,
    published: { median: median(published), over: over(published) },
    best: { median: median(best), over: over(best) },
    tightBests: held.filter((r) => r.search.best.verdict === 'tight').length,
    // Published layouts ranked below a tight best, and of those the ones that are the search's
    // fastest roomy layout.
    belowTight: belowTight.length,
    roomy: belowTight.filter((r) => r.search.roomy === shape(r.plan)).length,
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
      `${share(HEADROOM)} headroom), the search's best a median ${share(e.best.median)} ` +
      `(${e.best.over} above it; ${e.tightBests} "tight", their memory range's high end past ` +
      'the headroom). The search ranks by time every layout whose point estimate fits, and where ' +
      'memory buys speed its best fills the card; the runs’ authors left room. That room is ' +
      "real: Megatron-Bridge's Llama 3 70B SFT recipe on H100" +
      (sft ? `, at a predicted ${share(sft.peakGb / sft.cardGb)} of the card,` : '') +
      ' ran out of memory from fragmentation until PyTorch’s expandable segments (the skill ' +
      'nemo-mbridge-perf-memory-tuning). Where the best is tight the page, the CLI and the ' +
      'exports name the fastest layout whose whole range stays under the headroom beside it ' +
      `(report.hpp, roomy_layout): of the ${e.belowTight} published layouts ranked below a ` +
      `tight best, ${e.roomy} are that layout.`,
    '',
  ];
}
