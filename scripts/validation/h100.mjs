// Our own measurements on one H100 80GB (validation/data/h100/, README.md there): the H200's
// script and cases (h200.mjs) on a card that the larger of them do not fit. Beside each step's
// memory and time, what the memory verdict said of every case against what became of it, under
// PyTorch's default caching allocator and with expandable segments. Nothing is fitted to these
// rows: the module plans each case as it plans the H200's, on the H100 preset.
import { median, plainPct, signedPct } from './stats.mjs';
import { sustainedShares } from './kernels.mjs';
import {
  cardLines,
  evaluateCase,
  readRun,
  servingDecodeEfficiency,
  stats,
  table,
} from './h200.mjs';

export const id = 'h100';
export const title = 'One H100, measured here: plain PyTorch training steps and the memory verdict';

// What tests/web/validation-h100.test.mjs holds the section to (|predicted ÷ measured − 1|): the
// H200 section's bounds, the same script and software on another card.
export const BOUNDS = {
  memoryMedianPct: 1,
  memoryMaxPct: 10,
  stepMedianPct: 7.5,
  stepMaxPct: 20,
  // Peak reserved memory inside the predicted range, of the steps that trained (either allocator).
  reservedInsideMinPct: 85,
};

const ACCELERATOR = 'h100-80g';
const DIR = new URL('../../validation/data/h100/', import.meta.url);
const H200_DIR = new URL('../../validation/data/h200/', import.meta.url);
// PyTorch's default caching allocator, then the same cases under
// PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True (README.md there).
const DEFAULT_RUNS = ['run1-training.json', 'run2-finetune.json', 'run3-more.json'];
const EXPANDABLE_RUNS = ['run4-expandable.json', 'run5-expandable-more.json'];
const H200_RUNS = ['run2-training.json', 'run3-finetune.json', 'run5-more.json'];

const GB = 1e9;

/** What became of each case in a set of runs: trained (with its peaks) or out of memory. */
function outcomes(runs) {
  const byId = new Map();
  for (const run of runs) {
    for (const c of run.cases) {
      byId.set(c.id, {
        trained: true,
        allocatedGb: c.peak_allocated_raw_bytes / GB,
        reservedGb: c.peak_reserved_bytes / GB,
        stepS: c.median.step_s,
      });
    }
    for (const e of run.errors) {
      if (e.out_of_memory) {
        byId.set(e.name, { trained: false, allocatedGb: e.peak_allocated_raw_bytes / GB });
      }
    }
  }
  return byId;
}

/**
 * Every case either allocator ran, with the module's verdict on the H100. The settings of a case
 * that ran out of memory come from the same case in the H200's runs (the script's ids name every
 * setting), whose measured peak says what it needed.
 */
function verdictRows(rowOf, defaults, expandable, measuredCases, h200Cases) {
  const ids = [...new Set([...defaults.keys(), ...expandable.keys()])];
  return ids.map((caseId) => {
    const c = measuredCases.get(caseId) ?? h200Cases.get(caseId);
    const row = rowOf(c);
    return {
      id: caseId,
      case: c,
      link: row.link,
      verdict: row.verdict,
      predictedGb: row.predictedGb,
      highGb: row.highGb,
      cardGb: row.cardGb,
      h200Gb: h200Cases.has(caseId) ? h200Cases.get(caseId).peak_allocated_raw_bytes / GB : NaN,
      defaultOutcome: defaults.get(caseId) ?? null,
      expandableOutcome: expandable.get(caseId) ?? null,
    };
  });
}

/** Per verdict: the cases it was given and how many trained under each allocator. */
function verdictCounts(rows) {
  return ['fits', 'tight', 'does_not_fit'].map((verdict) => {
    const given = rows.filter((r) => r.verdict === verdict);
    const count = (key) => {
      const ran = given.filter((r) => r[key]);
      return { runs: ran.length, trained: ran.filter((r) => r[key].trained).length };
    };
    return {
      verdict,
      cases: given.length,
      default: count('defaultOutcome'),
      expandable: count('expandableOutcome'),
    };
  });
}

/**
 * Peak reserved memory (torch.cuda.max_memory_reserved over the whole step: the script keeps the
 * larger of its two phases) against the predicted range, allocated plus fragmentation, for every
 * step that trained under either allocator.
 */
function reservedRows(rowOf, runs, allocator) {
  return runs.flatMap((run) =>
    run.cases.map((c) => {
      const row = rowOf(c);
      const measuredGb = c.peak_reserved_bytes / GB;
      const [lowGb, highGb] = row.reservedRangeGb;
      return {
        id: c.id,
        allocator,
        allocatedGb: row.measuredGb,
        measuredGb,
        lowGb,
        highGb,
        // The range is printed to 0.1 GB; a peak on its edge counts as inside.
        inside: measuredGb >= lowGb - 0.05 && measuredGb <= highGb + 0.05,
        fragmentation: measuredGb / row.measuredGb - 1,
        arch: c.arch,
        logitsShare: row.logitsShare,
        memoryGap: row.memoryGap,
        recompute: c.recompute,
      };
    }),
  );
}

export async function evaluate(core) {
  const defaultRuns = await Promise.all(DEFAULT_RUNS.map((n) => readRun(n, DIR)));
  const expandableRuns = await Promise.all(EXPANDABLE_RUNS.map((n) => readRun(n, DIR)));
  const h200Runs = await Promise.all(H200_RUNS.map((n) => readRun(n, H200_DIR)));
  const h200Cases = new Map(h200Runs.flatMap((r) => r.cases.map((c) => [c.id, c])));
  const measuredCases = new Map(
    [...defaultRuns, ...expandableRuns].flatMap((r) => r.cases.map((c) => [c.id, c])),
  );
  // Each measured case evaluated once, whichever table reads it.
  const evaluated = new Map();
  const rowOf = (c) => {
    if (!evaluated.has(c)) evaluated.set(c, evaluateCase(core, c, ACCELERATOR));
    return evaluated.get(c);
  };
  const rows = defaultRuns.flatMap((r) => r.cases.map(rowOf));
  const memoryRows = rows.filter((r) => !r.memoryGap);
  const stepRows = rows.filter((r) => !r.stepGap);
  const defaults = outcomes(defaultRuns);
  const expandable = outcomes(expandableRuns);
  const verdicts = verdictRows(rowOf, defaults, expandable, measuredCases, h200Cases);
  const reserved = [
    ...reservedRows(rowOf, defaultRuns, 'default'),
    ...reservedRows(rowOf, expandableRuns, 'expandable'),
  ];
  // Cases that trained under both allocators: expandable ÷ default step time.
  const both = verdicts.filter((r) => r.defaultOutcome?.trained && r.expandableOutcome?.trained);
  const first = defaultRuns[0];
  return {
    rows,
    verdicts,
    counts: verdictCounts(verdicts),
    reserved,
    environment: first.environment,
    gemm: first.gemm,
    bandwidth: first.bandwidth,
    gemv: first.gemv,
    decodeEfficiency: servingDecodeEfficiency(core),
    hopper: (await sustainedShares()).families.find((f) => f.family === 'hopper'),
    allocatorStepRatio: median(both.map((r) => r.expandableOutcome.stepS / r.defaultOutcome.stepS)),
    summary: {
      memory: stats(memoryRows.map((r) => r.memoryError)),
      step: stats(stepRows.map((r) => r.stepError)),
      rows: rows.length,
      reservedInside: reserved.filter((r) => r.inside).length,
    },
  };
}

const pct = signedPct;
const plain = plainPct;
const VERDICT_NAMES = { fits: 'fits', tight: 'tight', does_not_fit: 'does not fit' };

function outcomeText(o) {
  if (!o) return '—';
  if (!o.trained) return `**out of memory** (${o.allocatedGb.toFixed(1)} allocated)`;
  return `trained (${o.allocatedGb.toFixed(1)} / ${o.reservedGb.toFixed(1)})`;
}

function verdictTable(rows) {
  const order = { fits: 0, tight: 1, does_not_fit: 2 };
  const sorted = [...rows].sort(
    (a, b) => order[a.verdict] - order[b.verdict] || a.predictedGb - b.predictedGb,
  );
  return [
    '| Run | Predicted: point / high end (GB) | Verdict | Default allocator (GB allocated / reserved) | Expandable segments (GB allocated / reserved) | Measured on the H200 (GB) | Plan |',
    '| --- | ---: | --- | --- | --- | ---: | --- |',
    ...sorted.map(
      (r) =>
        `| ${r.id} | ${r.predictedGb.toFixed(1)} / ${r.highGb.toFixed(1)} | ${VERDICT_NAMES[r.verdict]} | ${outcomeText(r.defaultOutcome)} | ${outcomeText(r.expandableOutcome)} | ${Number.isFinite(r.h200Gb) ? r.h200Gb.toFixed(1) : '—'} | [plan](${r.link}) |`,
    ),
  ];
}

function countsText(counts) {
  return counts
    .map((c) => {
      const d = c.default;
      const e = c.expandable;
      return `"${VERDICT_NAMES[c.verdict]}" ${c.cases} cases: ${d.trained} of ${d.runs} trained under the default allocator, ${e.trained} of ${e.runs} with expandable segments`;
    })
    .join('; ');
}

export function render(result) {
  const { summary: s, environment: env } = result;
  const card = result.verdicts[0]?.cardGb ?? NaN;
  const lines = [];
  lines.push(
    `${s.rows} training steps measured on one NVIDIA H100 (${env.nvidia_smi}; torch ${env.torch}, CUDA ${env.cuda}, transformers ${env.transformers}) by the H200's script and cases (previous section; the loop, the measurements and the plans are the same). CUDA gives the card ${env.total_memory_bytes.toLocaleString('en-US')} bytes (\`total_memory\`, ${(env.total_memory_bytes / GB).toFixed(2)} GB); the module's H100 preset holds ${card.toFixed(2)} GB, a deviceQuery printout's figure (accelerator_catalog.cpp), ${((card * GB - env.total_memory_bytes) / 2 ** 20).toFixed(0)} MiB more: the driver moves it. The larger cases do not fit, which makes this card a test of the memory verdict as well. Data and commands: \`validation/data/h100/README.md\`.`,
  );
  lines.push('');
  lines.push(
    `- **Peak allocated memory**: ${s.memory.count} runs that trained, median |error| **${plain(s.memory.medianAbs)}**, max **${plain(s.memory.maxAbs)}** (bounds ${BOUNDS.memoryMedianPct} % and ${BOUNDS.memoryMaxPct} %).`,
  );
  lines.push(
    `- **Step time**: ${s.step.count} runs, median |error| **${plain(s.step.medianAbs)}**, max **${plain(s.step.maxAbs)}** (bounds ${BOUNDS.stepMedianPct} % and ${BOUNDS.stepMaxPct} %), at the module's defaults for PyTorch on this card, SDPA on cuDNN's fused attention as on the H200 (its kernels in the profile). The band plain PyTorch plans show (previous section) is taken over these steps and the H200's together.`,
  );
  lines.push(`- **The memory verdict**: ${countsText(result.counts)}.`);
  lines.push('');
  lines.push(...table(result.rows));
  lines.push('');
  lines.push('### The memory verdict against what became of each case');
  lines.push('');
  const tightOom = result.verdicts.filter(
    (r) => r.verdict === 'tight' && r.defaultOutcome && !r.defaultOutcome.trained,
  );
  lines.push(
    `Every case the script ran on this card: all of them under PyTorch's default caching allocator, the pretraining and longer-context ones again with \`PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True\`, which maps more physical memory into one growing segment instead of reserving a new block for each request that finds no free one large enough. The module's verdict reads its memory range (training_memory.hpp): "fits" when even the high end, fragmentation included, stays under 90 % of the card, "tight" when only the point estimate fits the card, "does not fit" when the point does not. A case that ran out of memory shows the allocated peak it had reached; the H200 column is the same case's whole peak measured there.`,
  );
  lines.push('');
  lines.push(
    `The ${tightOom.length} tight cases that ran out of memory under the default allocator (${tightOom.map((r) => r.id).join(', ')}) trained with expandable segments: ${tightOom.map((r) => `${r.id} stopped at ${r.defaultOutcome.allocatedGb.toFixed(1)} GB allocated, short of the ${r.expandableOutcome?.allocatedGb.toFixed(1)} GB it then held at its peak`).join('; ')} — the default allocator had reserved the rest in blocks no request could reuse, the fragmentation the range's high end stands for. Step time did not move with the allocator (expandable ÷ default, median over the cases that trained both ways: ${result.allocatorStepRatio.toFixed(3)}). So "tight" on one GPU in plain PyTorch meant: it fits the card, and whether it trains can depend on the allocator.`,
  );
  lines.push('');
  lines.push(...verdictTable(result.verdicts));
  lines.push('');
  lines.push(...reservedLines(result));
  lines.push('');
  lines.push(...cardLines(result, 3.35));
  return lines.join('\n');
}

function reservedLines(result) {
  const rows = result.reserved;
  const outside = rows.filter((r) => !r.inside);
  const fragmentation = (allocator) =>
    median(rows.filter((r) => r.allocator === allocator).map((r) => r.fragmentation));
  // Steps without recompute under the default allocator, split by the logits' share of the peak.
  const SPLIT = 0.35;
  const noRecompute = rows.filter(
    (r) => r.allocator === 'default' && r.recompute === 'none' && !r.memoryGap,
  );
  const range = (rs, key = 'fragmentation') => {
    const f = rs.map((r) => r[key]);
    return `${plain(Math.min(...f))}–${plain(Math.max(...f))}`;
  };
  const lines = ['### Peak reserved memory against the predicted range', ''];
  lines.push(
    `What the caching allocator held from CUDA at its peak (\`torch.cuda.max_memory_reserved\` over the whole step) against the range the module puts on top of peak allocated for fragmentation (0–10 % of it, 0–22 % with full recompute: docs/formulas.md, "Training memory"): **${result.summary.reservedInside} of ${rows.length}** steps that trained inside it (bound ${BOUNDS.reservedInsideMinPct} %). Reserved exceeded allocated by a median ${plain(fragmentation('default'))} under the default allocator and ${plain(fragmentation('expandable'))} with expandable segments. Outside the range: ${outside.map((r) => `${r.id} (${r.allocator}, ${plain(r.fragmentation)} over allocated, logits ${plain(r.logitsShare)} of the predicted peak)`).join('; ')}. Pythia's own peak allocated is above the prediction (its fused q, k, v output: the H200 section); the others are Llama-3.2-1B steps whose logits are ${range(
      outside.filter((r) => r.arch === 'llama-3.2-1b'),
      'logitsShare',
    )} of the predicted peak. Without recompute and under the default allocator, the steps whose logits are at least ${plain(SPLIT)} of the peak held ${range(noRecompute.filter((r) => r.logitsShare >= SPLIT))} more than allocated, the rest ${range(noRecompute.filter((r) => r.logitsShare < SPLIT))}. The range's fixed 10 % does not follow that; these records show the pattern, not its cause.`,
  );
  lines.push('');
  lines.push(
    '| Run | Allocator | Allocated (GB) | Reserved: measured (GB) | Predicted range (GB) | Inside |',
  );
  lines.push('| --- | --- | ---: | ---: | ---: | --- |');
  for (const r of rows) {
    lines.push(
      `| ${r.id} | ${r.allocator} | ${r.allocatedGb.toFixed(1)} | ${r.measuredGb.toFixed(1)} | ${r.lowGb.toFixed(1)}–${r.highGb.toFixed(1)} | ${r.inside ? 'yes' : '**no**'} |`,
    );
  }
  return lines;
}
