// The training section's findings (docs/validation.md): paragraphs computed from the rows that
// say where the model is off and what the sources show of why, each with the figures a test holds.
import { median } from './stats.mjs';
import { acceleratorLabel, groupBy, heldRun, isHeld, pct, speedRatio } from './training-rows.mjs';

const A2A_PAIR = {
  serial: 'mbridge-pr5094-qwen3_30b_a3b-16gpu-bf16-a2a-serial',
  overlapped: 'mbridge-pr5094-qwen3_30b_a3b-16gpu-bf16-a2a-overlap',
};

/**
 * What Megatron-Bridge PR #5094's A/B of one recipe (the expert all-to-all overlapped or not)
 * bounds: the overlap hides at most the all-to-all, so the real one took at least the difference;
 * and with the rest of the step as the model predicts it, the serial run leaves the all-to-all
 * the remainder. Both against the model's own all-to-all for that run.
 */
export function allToAllBound(rows) {
  const serial = rows.find((r) => r.run.id === A2A_PAIR.serial && r.time);
  const overlapped = rows.find((r) => r.run.id === A2A_PAIR.overlapped && r.metric);
  if (!serial || !overlapped) return null;
  const modelled = serial.time.moeCommS;
  const rest = serial.time.stepS - modelled;
  return {
    atLeast: serial.metric.value - overlapped.metric.value,
    implied: serial.metric.value - rest,
    modelled,
    rest,
    serial: serial.metric.value,
  };
}

export function expertAllToAllBound(rows) {
  const b = allToAllBound(rows);
  if (!b) return [];
  const s = (x) => `${x.toFixed(1)} s`;
  return [
    `What the expert all-to-all across nodes costs, from Megatron-Bridge PR #5094's A/B of one ` +
      `Qwen3-30B-A3B recipe on 16 H100 (HybridEP, EP 16 over two nodes): overlapping it took the ` +
      `step from ${s(b.serial)} to ${s(b.serial - b.atLeast)}, so it took at least ` +
      `${s(b.atLeast)}; with the rest of the step as the model predicts it (${s(b.rest)}), the ` +
      `serial run leaves it ${s(b.implied)}. The model charges ${s(b.modelled)}, within that ` +
      'bracket: since 2026-12-03 a plan on the flex dispatcher (DeepEP or HybridEP; the plan’s ' +
      '"MoE flex dispatcher") sends a token through the network once to each other node that ' +
      'holds one of its experts, as those kernels do, where the all-to-all dispatcher sends a ' +
      'copy per routed expert (formulas.md). Before, the model charged every run the all-to-all ' +
      'dispatcher’s copies: this serial run 18.4 s of all-to-all, Megatron-Bridge’s DeepSeek-V3 on ' +
      'DeepEP (EP 32 over four B200 nodes) −41 % off, the published ' +
      'layouts with experts across nodes up to 179 % behind the search’s best; the dearer ' +
      'all-to-all also hid, on the H100 runs across nodes, what the fine-grained MoE layers ' +
      'cost beyond the model (the next paragraph): those runs now come out fast, as the runs ' +
      'with their experts inside one node did already.',
    '',
  ];
}

// Where the search puts a set of published layouts, in words.
function ranked(rows) {
  const ranks = rows.map((r) => r.search?.rank ?? 0);
  if (ranks.some((k) => k < 1)) return 'outside its top 10 for some of them';
  const worst = Math.max(...ranks);
  return worst === 1 ? 'first' : worst === 2 ? 'first or second' : `in its top ${worst}`;
}

// torchtitan's FSDP2 runs on 64 A100 against the rest of the A100 rows: what the model leaves out
// there, and the one candidate tried.
export function a100Finding(rows) {
  const titan = rows.filter((r) => isHeld(r) && r.run.id.startsWith('torchtitan-2404-'));
  if (titan.length === 0) return [];
  const errors = titan.map((r) => r.error);
  const range = `${pct(Math.min(...errors))} to ${pct(Math.max(...errors))}`;
  const seventy = titan.find((r) => r.run.id === 'torchtitan-2404-a100-llama2-70b-ac-op');
  const table1 = rows.filter((r) => isHeld(r) && r.run.id.startsWith('megatron2021-t1-'));
  const t1errors = table1.map((r) => r.error);
  const t1range = `${pct(Math.min(...t1errors))} to ${pct(Math.max(...t1errors))}`;
  return [
    `torchtitan's FSDP2 runs on 64 A100 (April 2024; ${titan.length} rows, ${range}) are the only ` +
      'measured ZeRO-3 across nodes held to the bounds: every weight gathered twice and every ' +
      'gradient reduce-scattered in fp32 over 400 Gb/s of EFA per node, with eager element-wise ' +
      'ops (the PyTorch profile’s RMSNorm, rotary and SwiGLU; formulas.md) and torchtitan’s ' +
      'op-level checkpointing where stated. Their gathers and reductions run beside the compute ' +
      'on rings through all eight NICs of each node, and NCCL runs each of a ring’s channels (one ' +
      'per NIC, doubled) on an SM of every GPU: since 2026-12-03 such a ring holds eight NICs’ ' +
      'share of the GPU (2 % each, at most NVLink’s 15 %; formulas.md), where it held one NIC’s ' +
      'before, and a collective that outlasts the slowed compute ends the pair by itself. That ' +
      'took six of these rows from +15 … +18.5 % to +7 … +9 %. The model is still faster than ' +
      'all of them but one, and than most of the other A100 rows' +
      (table1.length
        ? `, Narayanan et al.’s ${table1.length} Table 1 runs included (step time ${t1range}; ` +
          'since 2026-12-05 the four without a pipeline overlap their gradient all-reduce with ' +
          'the last micro-batch’s backward, as the PyTorch DDP their script picks does, which ' +
          'took them from −2.8 … −13.2 % to −11.1 … −14.9 %)'
        : '') +
      '. One candidate: it runs A100 GEMMs at their burst rate ' +
      '(Bekman’s MAMF, 87 % of peak), since no collection measures the A100 at its power limit ' +
      'over seconds, as NVIDIA’s does for Hopper and Blackwell (the GEMM section). Taking ' +
      'Hopper’s sustained share for the A100 (tried on 2026-12-03, not kept: a constant no A100 ' +
      'measurement supports) took these runs to +2.7 … +7.2 %, Narayanan et al.’s Table 1 from ' +
      '−12.5 … +1.9 % to −5.9 … +7.0 %, Korthikanti et al.’s Table 5 from −6.4 … +1.9 % to ' +
      '+1.1 … +13.2 % (step time) and the median of all rows from 8.7 % to 7.7 %: a measured A100 ' +
      'sustained rate would settle it (the trial ran before the network had its own efficiency, ' +
      'below, and before the rings’ share). Llama 2 70B at local batch 1 sends 543 GB through each node’s network every step: ' +
      'published at 11.5 s, within 6 % of the 10.9 s of EFA’s line rate. The model took 16 s ' +
      '(−29 %) while it ran the network at the A100’s NVLink efficiency (0.68, measured for NVLink ' +
      '3’s all-reduce); with the network’s own (0.9, NCCL over InfiniBand; formulas.md, since ' +
      `2026-12-03) it takes ${seventy ? `${seventy.time.stepS.toFixed(1)} s (${pct(seventy.error)})` : '—'}. ` +
      'That change took PR #5094’s serial Qwen3 run from +37.9 % to +30.9 % and Megatron-Bridge’s ' +
      'Qwen3-235B rows from +14 … +23 % to +23 … +32 %, DeepSeek-V3’s from +12 % to +21 %: what ' +
      'the model lacks in those MoE layers’ compute (the all-to-all paragraph above) shows more. ' +
      'The search ranks ' +
      `each published layout ${ranked(titan)}.`,
    '',
  ];
}

// MLPerf Training v5.0's Llama 3.1 405B: one recipe (NVIDIA's NeMo implementation, TP 8 or 4,
// PP 8, VP 8, CP 2, FP8) on three accelerators, against Megatron-Bridge's 26.04 recipe of the same
// model on GB200.
// Narayanan et al.'s Table 1 layouts among `far` (the summary's searchFar: held rows more than
// the target behind the search's best): published and best side by side, with the TP
// collectives' seconds a step that tell them apart.
const TABLE1 = /^megatron2021-t1-/;

export function table1Layouts(far) {
  return far
    .filter((r) => TABLE1.test(r.run.id) && r.search?.best)
    .map((r) => ({
      id: r.run.id,
      name: r.run.model.name,
      published: { tp: +r.plan.tp, pp: +r.plan.pp, tpCommS: r.time.tpCommS },
      best: {
        tp: r.search.best.tp,
        pp: r.search.best.pp,
        vpp: r.search.best.vpp,
        tpCommS: r.search.best.tpCommS,
      },
      behind: r.search.ratio,
    }));
}

export function table1LayoutFinding(searchFar) {
  const far = table1Layouts(searchFar);
  if (far.length === 0) return [];
  const size = (l) => l.tp * l.pp;
  const shape = (l) => `(${l.tp}, ${l.pp})${l.vpp > 1 ? ` with VPP ${l.vpp}` : ''}`;
  const kept = far.filter((f) => size(f.best) === size(f.published));
  const smaller = far.filter((f) => size(f.best) < size(f.published));
  const count = (n) => (n === far.length ? 'each' : `${n} of them`);
  return [
    'Narayanan et al. chose Table 1’s layouts by rule rather than by search: the smallest ' +
      'model-parallel size that fits, and tensor parallelism up to the eight GPUs of a server ' +
      'before any pipeline (the paper’s takeaways #1 and #2, §3). The search puts ' +
      `${far.length} of them more than 10 % behind its best (TP, PP): ` +
      far
        .map(
          (f) =>
            `${f.name} ${shape(f.published)} ${(f.behind * 100).toFixed(1)} % behind ` +
            `${shape(f.best)}, TP collectives ${f.published.tpCommS.toFixed(2)} against ` +
            `${f.best.tpCommS.toFixed(2)} s a step`,
        )
        .join('; ') +
      '. ' +
      (kept.length
        ? `In ${count(kept.length)} the search keeps the model-parallel size and trades tensor ` +
          'parallelism for interleaved pipeline stages inside it, whose transfers carry a ' +
          'fraction of the all-reduces’ bytes and whose bubble the interleaving shrinks. '
        : '') +
      (smaller.length
        ? `${smaller.map((f) => f.name).join(', ')}: a smaller model-parallel size than the ` +
          'rule took, which the memory model finds fits (at full recompute). '
        : '') +
      'No measured run of these models at those layouts exists to say which is right; the ' +
      'layout sweeps (below: Llama on A100, measured layout by layout) are where the search’s ' +
      'ranking of tensor against pipeline parallelism is tested.',
    '',
  ];
}

const MLPERF_405B = /^mlperf-v50-llama31_405b-/;
const MBRIDGE_GB200_405B = 'mbridge-260401-gb200-llama31_405b-256gpu';

/**
 * The MLPerf v5.0 Llama 3.1 405B rows by accelerator: count, speed error range (positive is
 * faster than published), worst search rank.
 */
export function mlperfLlama405b(rows) {
  const held = rows.filter((r) => isHeld(r) && MLPERF_405B.test(r.run.id));
  return [...groupBy(held, (r) => r.plan.accelerator)].map(([accelerator, list]) => ({
    accelerator,
    runs: list.length,
    gpus: list.map((r) => r.run.hardware.gpus),
    low: Math.min(...list.map((r) => speedRatio(r) - 1)),
    high: Math.max(...list.map((r) => speedRatio(r) - 1)),
    worstRank: Math.max(...list.map((r) => r.search?.rank ?? 0)),
    worstRatio: Math.max(...list.map((r) => r.search?.ratio ?? NaN)),
  }));
}

export function mlperfLlama405bFinding(rows) {
  const groups = mlperfLlama405b(rows);
  if (groups.length === 0) return [];
  const span = (g) =>
    `${Math.min(...g.gpus).toLocaleString('en-US')}–${Math.max(...g.gpus).toLocaleString('en-US')}`;
  const text = groups
    .map(
      (g) =>
        `${acceleratorLabel(g.accelerator)} ${g.runs} runs on ${span(g)} GPUs, ` +
        `${pct(g.low)} to ${pct(g.high)}`,
    )
    .join('; ');
  const rank = Math.max(...groups.map((g) => g.worstRank));
  const ratio = Math.max(...groups.map((g) => g.worstRatio));
  const bridge = heldRun(rows, MBRIDGE_GB200_405B);
  return [
    "MLPerf Training v5.0's Llama 3.1 405B (2025; the paper's architecture with the Mixtral " +
      '8x22B tokenizer, NVIDIA’s NeMo implementation in every submission: FP8 with FP8 weights, ' +
      'TP 8 or 4, PP 8, VP 8, CP 2, the embedding and the loss counted in the pipeline split, ' +
      'step times from the submitted logs): ' +
      `${text}. The search ranks every published layout in its top ${rank}, within ` +
      `${(ratio * 100).toFixed(1)} % of its best. The GB200 submissions ran NGC's 25.04 ` +
      'containers (April 2025)' +
      (bridge
        ? `; Megatron-Bridge's 26.04 recipe of the same model on the same GPU comes out ` +
          `${pct(bridge.error)} (TP 4, PP 16, VP 4, FP8 with current scaling; its recompute ` +
          (bridge.chosen?.recompute
            ? 'unstated, the memory model’s fit chose it)'
            : 'unstated: none, the framework’s default, which fits the card)')
        : '') +
      ". GB200's own range on the page (the step-time band below) spans both.",
    '',
  ];
}

// MLPerf Training v5.1's Llama 3.1 405B on DGX B200 (University of Florida): NVIDIA's
// implementation in a later container, FP8, with a third party's cluster; beside the same
// implementation on Hopper (v5.0) and Megatron-Bridge's B200 recipe of the model.
const MLPERF_V51_B200 = /^mlperf-v51-llama31_405b-uf-b200-/;
const MBRIDGE_B200_405B = /^mbridge-\d+-b200-llama31_405b-/;
const MLPERF_V51_B200_8B = /^mlperf-v51-llama31_8b-uf-b200-/;
const MLPERF_V51_OTHER_8B = /^mlperf-v51-llama31_8b-(?!uf-)/;

export function mlperfV51B200(rows) {
  const held = (re) => rows.filter((r) => isHeld(r) && re.test(r.run.id));
  return {
    uf: held(MLPERF_V51_B200).map((r) => ({ gpus: r.run.hardware.gpus, error: r.error })),
    bridge: held(MBRIDGE_B200_405B).map((r) => r.error),
    hopper: held(MLPERF_405B)
      .filter((r) => /^h[12]00/.test(r.plan.accelerator))
      .map((r) => r.error),
    small: held(MLPERF_V51_B200_8B).map((r) => ({
      gpus: r.run.hardware.gpus,
      cp: r.run.layout.cp,
      error: r.error,
      publishedS: r.run.published.iteration_s,
      predictedS: r.time.stepS,
    })),
    others: held(MLPERF_V51_OTHER_8B).map((r) => ({
      // The submitter's directory in the MLCommons repository, which every `where` starts with.
      who: r.run.source.where.split('/')[0],
      gpus: r.run.hardware.gpus,
      accelerator: r.plan.accelerator,
      error: r.error,
    })),
  };
}

// The 8B runs: their errors, and how the published and the predicted step grow with the
// data-parallel group at the same work per GPU (CP 2 from four nodes up).
function smallModelText(small, others) {
  if (small.length === 0) return '';
  const same = small.filter((u) => u.cp === 2);
  const first = same[0];
  const last = same[same.length - 1];
  const s = (x) => `${x.toFixed(3)} s`;
  return (
    " The same submitter's Llama 3.1 8B runs (its two B200 configs, FP8 as above: TP 1, PP 1, " +
    'a micro-batch of two sequences on each GPU of one and two nodes, CP 2 and one sequence for ' +
    'every two GPUs from four nodes up; one micro-batch a step): ' +
    small.map((u) => `${u.gpus} GPUs ${pct(u.error)}`).join(', ') +
    '.' +
    (same.length > 1
      ? ` At the same work per GPU the published step grows from ${s(first.publishedS)} on ` +
        `${first.gpus} GPUs to ${s(last.publishedS)} on ${last.gpus}, the predicted one from ` +
        `${s(first.predictedS)} to ${s(last.predictedS)}: what a larger data-parallel group ` +
        'adds to a step that reduces and gathers every gradient and weight once is more than ' +
        'the collectives the model times beside the backward.'
      : '') +
    (others.length
      ? ' Other submitters who ran the same FP8 configs: ' +
        others
          .map((o) => `${o.who} on ${o.gpus} ${acceleratorLabel(o.accelerator)} ${pct(o.error)}`)
          .join(', ') +
        '.'
      : '')
  );
}

export function mlperfV51B200Finding(rows) {
  const { uf, bridge, hopper, small, others } = mlperfV51B200(rows);
  if (uf.length === 0) return [];
  const range = (errors) => `${pct(Math.min(...errors))} … ${pct(Math.max(...errors))}`;
  return [
    "MLPerf Training v5.1's Llama 3.1 405B on DGX B200, submitted by the University of Florida " +
      "(NVIDIA's NeMo implementation in the 25.09 container; its only B200 config: FP8 with " +
      'current scaling and FP8 weights, TP 4, PP 8, VP 8, CP 2, the whole iteration in one CUDA ' +
      'graph): ' +
      uf.map((u) => `${u.gpus} GPUs ${pct(u.error)}`).join(', ') +
      '. As far off as the GB200 submissions of v5.0 (above), from another submitter, cluster and ' +
      'container' +
      (bridge.length
        ? `, and further than Megatron-Bridge's B200 recipe of the model (${range(bridge)})`
        : '') +
      (hopper.length
        ? `; the same implementation on H100 and H200 came out ${range(hopper)}`
        : '') +
      '. The model times these GEMMs at the rate NVIDIA measured B200s sustain over seconds, fp8 ' +
      "at TransformerEngine's own measured gain over bf16 (the GEMM section), and their " +
      'communication is mostly hidden (TP overlapped, CP inside a node, ' +
      'gradients beside the backward): what a B200 step spends beyond them, ' +
      `${Math.round(Math.min(...uf.map((u) => u.error)) * 100)}–` +
      `${Math.round(Math.max(...uf.map((u) => u.error)) * 100)} % of the predicted step here, ` +
      'is not in the model. A profile of one step would say where.' +
      smallModelText(small, others),
    '',
  ];
}

// Megatron-Bridge's MoE recipes on GB200 in release 26.04.01 and again in 26.06, the same GPUs and
// layouts; 26.06 captures the whole iteration in one CUDA graph with the fused grouped MLP and
// the all-to-all overlapped (GPT-OSS also moved from BF16 to MXFP8).
const GB200_MOE_RELEASES = [
  ['DeepSeek-V3', 'mbridge-260401-gb200-deepseekv3-256gpu', 'mbridge-2606-gb200-deepseekv3-256gpu'],
  [
    'Qwen3-30B-A3B',
    'mbridge-260401-gb200-qwen3_30b_a3b-8gpu-mxfp8',
    'mbridge-2606-gb200-qwen3_30b_a3b-8gpu-mxfp8',
  ],
  [
    'Qwen3-235B-A22B',
    'mbridge-260401-gb200-qwen3_235b_a22b-256gpu',
    'mbridge-2606-gb200-qwen3_235b_a22b-256gpu',
  ],
  [
    'GPT-OSS 120B',
    'mbridge-260401-gb200-gptoss120b-64gpu',
    'mbridge-2606-gb200-gptoss120b-64gpu-mxfp8',
  ],
];

/** Each GB200 MoE recipe in both releases: the published speed-up and the model's two errors. */
export function gb200MoeReleases(rows) {
  return GB200_MOE_RELEASES.map(([model, before, after]) => [
    model,
    heldRun(rows, before),
    heldRun(rows, after),
  ])
    .filter(([, before, after]) => before && after)
    .map(([model, before, after]) => ({
      model,
      speedup: after.run.published.tokens_per_s_per_gpu / before.run.published.tokens_per_s_per_gpu,
      before: speedRatio(before) - 1,
      after: speedRatio(after) - 1,
    }));
}

/** How far apart `pairs`' values of `key` lie (the largest less the smallest). */
export const spreadOf = (pairs, key) =>
  Math.max(...pairs.map((p) => p[key])) - Math.min(...pairs.map((p) => p[key]));
const points = (pairs, key) => Math.round(spreadOf(pairs, key) * 100);

export function gb200MoeReleasesFinding(rows) {
  const pairs = gb200MoeReleases(rows);
  if (pairs.length === 0) return [];
  const list = (f) => pairs.map((p) => `${p.model} ${f(p)}`).join(', ');
  return [
    "Megatron-Bridge's MoE recipes on GB200 ran much faster in release 26.06 than in 26.04.01 on " +
      'the same GPUs and layouts: ' +
      list((p) => `${pct(p.speedup - 1)}`) +
      ' (GPT-OSS also went from BF16 to MXFP8). Its configs (c270efc50) capture the whole ' +
      'iteration in one CUDA graph, which a static bound on each rank’s routed tokens allows ' +
      '(moe_expert_rank_capacity_factor: HybridEP then sizes its buffers without reading the ' +
      'token counts back to the host, token_dispatcher.py), run the fused grouped MLP and ' +
      'overlap the all-to-all. The model has no host-side time (a GPU idle while the CPU reads ' +
      'back counts or launches kernels): against it 26.04.01 ' +
      `came out ${list((p) => pct(p.before))}, 26.06 ${list((p) => pct(p.after))}: from ` +
      `${points(pairs, 'before')} points apart to ${points(pairs, 'after')}, near MLPerf's GB200 ` +
      'runs of a dense model (above). The Qwen3 and GPT-OSS configs also run attention in MXFP8 ' +
      '(fp8_dot_product_attention), as their plans do: at 4,096 tokens cuDNN’s MXFP8 attention ' +
      'gains on the forward and loses on the backward, and on GPT-OSS’s windowed layers its ' +
      'backward computes the whole causal square (formulas.md, “FP8 attention”).',
    '',
  ];
}

// Megatron-Bridge 26.06's Blackwell Ultra rows: the GB300 variants of its GB200 configs, and the
// B300 ones, whose MoE configs keep CUDA graphs to attention and the router (DeepSeek-V3, GPT-OSS)
// or, for Qwen3-30B-A3B, run GB300's.
const ULTRA_RUNS = [
  ['GB300', 'Llama 3.1 405B in FP8', 'mbridge-2606-gb300-llama31_405b-256gpu'],
  ['GB300', 'in MXFP8', 'mbridge-2606-gb300-llama31_405b-256gpu-mxfp8'],
  ['GB300', 'DeepSeek-V3', 'mbridge-2606-gb300-deepseekv3-256gpu'],
  ['GB300', 'GPT-OSS 120B', 'mbridge-2606-gb300-gptoss120b-64gpu-mxfp8'],
  ['GB300', 'Qwen3-30B-A3B', 'mbridge-2606-gb300-qwen3_30b_a3b-8gpu-mxfp8'],
  ['GB300', 'Qwen3-235B-A22B', 'mbridge-2606-gb300-qwen3_235b_a22b-256gpu'],
  ['B300', 'DeepSeek-V3', 'mbridge-2606-b300-deepseekv3-256gpu'],
  ['B300', 'GPT-OSS 120B', 'mbridge-2606-b300-gptoss120b-64gpu-mxfp8'],
  ['B300', 'Qwen3-30B-A3B', 'mbridge-2606-b300-qwen3_30b_a3b-8gpu-mxfp8'],
];

/** Each Blackwell Ultra run held to the bounds: its GPU, what it trained, the model's error. */
export function blackwellUltraRuns(rows) {
  return ULTRA_RUNS.map(([gpu, what, id]) => ({ gpu, what, row: heldRun(rows, id) }))
    .filter((u) => u.row)
    .map((u) => ({ gpu: u.gpu, what: u.what, error: speedRatio(u.row) - 1, row: u.row }));
}

export function blackwellUltraFinding(rows) {
  const runs = blackwellUltraRuns(rows);
  if (runs.length === 0) return [];
  const of = (gpu) => runs.filter((u) => u.gpu === gpu);
  const list = (us) => us.map((u) => `${u.what} ${pct(u.error)}`).join(', ');
  const gb300 = of('GB300');
  const b300 = of('B300');
  const graphless = b300.filter((u) => !/Qwen3-30B/.test(u.what));
  const qwen = b300.find((u) => /Qwen3-30B/.test(u.what));
  const widest = Math.max(...gb300.map((u) => Math.abs(u.error)));
  return [
    "Blackwell Ultra, in Megatron-Bridge's release 26.06 (configs at c270efc50): on GB300 " +
      `${list(gb300)}, each within ${(widest * 100).toFixed(1)} %` +
      (gb300.every((u) => u.error < 0)
        ? ' and every one slower in the model than published,'
        : '') +
      ' though its GEMMs take the GB200’s shares at 1,400 W against 1,200 (no collection has measured ' +
      'a GB300’s sustained rate; kernel_catalog.cpp; only its attention is its own, 1.20 times the ' +
      'GB200’s forward and 1.08 backward as NVIDIA’s cuDNN benchmark timed it: the GEMM ' +
      'section), whose own ' +
      '26.06 runs the model puts further ahead (above). Its MoE configs are the GB200’s with the whole iteration in one CUDA ' +
      'graph. The B300’s DeepSeek-V3 and GPT-OSS configs capture attention and the router only ' +
      `and keep the all-to-all apart: ${list(graphless)}, as far off as 26.04.01’s GB200 MoE ` +
      'runs without the whole-iteration graph.' +
      (qwen
        ? ` Its Qwen3-30B-A3B (GB300’s config: micro-batch 8, the all-to-all overlapped, no ` +
          `recompute; Megatron refuses full recompute beside that overlap) peaks at ` +
          `${qwen.row.peakGb.toFixed(1)} GB of the B300’s ${qwen.row.cardGb.toFixed(1)} in the ` +
          'memory model with the fused loss its scripts run (2 B per logit where Megatron’s ' +
          `own keeps 6) and comes out ${pct(qwen.error)}.`
        : ''),
    '',
  ];
}

const MLPERF_DSV3 = /^mlperf-v60-deepseekv3_671b-/;
const MBRIDGE_GB300_DSV3 = 'mbridge-2606-gb300-deepseekv3-256gpu';

/**
 * MLPerf v6.0's DeepSeek-V3 rows: each run's GPUs, speed error (positive is faster than
 * published), search rank and how far the published layout's predicted step is from the best,
 * and the best layout's pipeline depth and predicted peak against the card.
 */
export function mlperfDeepseekV3(rows) {
  return rows
    .filter((r) => isHeld(r) && MLPERF_DSV3.test(r.run.id))
    .map((r) => ({
      id: r.run.id,
      accelerator: r.plan.accelerator,
      gpus: r.run.hardware.gpus,
      error: speedRatio(r) - 1,
      rank: r.search?.rank ?? 0,
      ratio: r.search?.ratio ?? NaN,
      bestPp: r.search?.best?.pp,
      bestPeakGb: r.search?.best?.peakGb,
      bestVerdict: r.search?.best?.verdict,
      cardGb: r.cardGb,
      published: r.metric.value,
      predicted: r.predicted,
      microbatches: r.time?.microbatches,
    }));
}

export function mlperfDeepseekV3Finding(rows) {
  const runs = mlperfDeepseekV3(rows);
  if (runs.length === 0) return [];
  const bridge = heldRun(rows, MBRIDGE_GB300_DSV3);
  const list = (us) =>
    us
      .map(
        (u) =>
          `${u.gpus.toLocaleString('en-US')} ${acceleratorLabel(u.accelerator)} ${pct(u.error)}`,
      )
      .join(', ');
  const nvidia = runs.filter((u) => /-nvidia-/.test(u.id));
  const coreweave = runs.filter((u) => /-coreweave-/.test(u.id));
  const bySize = [...runs].sort((a, b) => a.gpus - b.gpus);
  const [fewest, most] = [bySize[0], bySize[bySize.length - 1]];
  const fall = (speed) => `${((1 - speed(most) / speed(fewest)) * 100).toFixed(1)} %`;
  const missed = runs.filter((u) => !(u.rank >= 1));
  const peaks = missed.map((u) => u.bestPeakGb).filter(Number.isFinite);
  const ratios = runs.map((u) => u.ratio * 100);
  const card = runs[0].cardGb;
  const range = (xs) => {
    const [lo, hi] = [Math.min(...xs).toFixed(0), Math.max(...xs).toFixed(0)];
    return lo === hi ? lo : `${lo}–${hi}`;
  };
  return [
    "MLPerf Training v6.0's DeepSeek-V3 671B (2026; NVIDIA's Megatron-Bridge implementation: " +
      'MXFP8 with FP8 weights and the LM heads in MXFP8 too (FP8_OUTPUT_PROJ; in the plans since ' +
      '2026-12-07, when the published layouts sat 9.9–21.1 % behind the search’s best with the ' +
      'heads in bf16), TP 1, PP 4, VP 4, EP 32, no recompute, the whole iteration in one ' +
      'CUDA graph, the all-to-all overlapped on HybridEP, sequences of 4,096 tokens, step times ' +
      `from the submitted logs): NVIDIA's at GBS 15,360 ${list(nvidia)}; CoreWeave's at GBS ` +
      `16,384 ${list(coreweave)}. It routes tokens as trained, with an auxiliary loss, where ` +
      'Megatron-Bridge’s tables force balanced experts' +
      (bridge ? ` (its 26.06 GB300 run of the same model: ${pct(bridge.error)})` : '') +
      '. From ' +
      `${fewest.gpus.toLocaleString('en-US')} to ${most.gpus.toLocaleString('en-US')} GPUs the ` +
      `published tokens per second per GPU fall ${fall((u) => u.published)} and the ` +
      `model's ${fall((u) => u.predicted)}: as the batch a GPU runs shrinks ` +
      `(${fewest.microbatches} to ${most.microbatches} micro-batches a step), something the ` +
      'model has no term for grows, beyond the bubble, the all-to-alls of the chunks the ' +
      'combined 1F1B leaves unpaired (its warm-up and cool-down) and the data-parallel ' +
      'collectives it times.' +
      (missed.length
        ? ` The search puts the published layout ${Math.min(...ratios).toFixed(1)}–` +
          `${Math.max(...ratios).toFixed(1)} % behind its best, outside its top 10 in ` +
          `${missed.length} of ${runs.length}: its best keep every layer on each GPU ` +
          `(PP ${[...new Set(missed.map((u) => u.bestPp))].join(', ')}), no stage holding the ` +
          'multi-token-prediction layer and both LM heads beside its layers as the published ' +
          "layout's last does (13 layers with them), at a predicted " +
          `${range(peaks)} GB of the card’s ` +
          `${card.toFixed(0)} (“${missed[0].bestVerdict}”, its whole range within the headroom), ` +
          'more than the submitted layout holds.'
        : ` The search ranks each published layout in its top ${Math.max(...runs.map((u) => u.rank))}, ` +
          `${Math.min(...ratios).toFixed(1)}–${Math.max(...ratios).toFixed(1)} % behind its best.`),
    '',
  ];
}

// Megatron-Bridge 26.06's Llama 3 70B fine-tuning rows: each GPU's full fine-tuning (SFT, 32
// GPUs) and LoRA (8 GPUs), in FP8 and, on Blackwell, MXFP8.
const FINETUNE_GPUS = ['GB300', 'GB200', 'H100'];

/**
 * Each GPU's SFT and LoRA rows held to the bounds, FP8 and MXFP8: the model's errors and the
 * LoRA step's speed-up over full fine-tuning per token, published and predicted (FP8 rows).
 */
export function fineTuningRuns(rows) {
  const run = (gpu, task, mx) =>
    heldRun(rows, `mbridge-2606-${gpu}-llama3_70b-${task}-${task === 'sft' ? 32 : 8}gpu${mx}`);
  return FINETUNE_GPUS.map((label) => {
    const gpu = label.toLowerCase(); // the rows' ids name the system in lower case
    const sft = run(gpu, 'sft', '');
    const lora = run(gpu, 'lora', '');
    const published = lora && sft ? lora.metric.value / sft.metric.value : NaN;
    return {
      gpu: label,
      sft,
      lora,
      sftMx: run(gpu, 'sft', '-mxfp8'),
      loraMx: run(gpu, 'lora', '-mxfp8'),
      published,
      model: published * (speedRatio(lora) / speedRatio(sft)),
    };
  }).filter((f) => f.sft && f.lora);
}

export function fineTuningFinding(rows) {
  const runs = fineTuningRuns(rows);
  if (runs.length === 0) return [];
  const err = (r) => pct(speedRatio(r) - 1);
  const each = (f, key, mxKey) =>
    `${f.gpu} ${err(f[key])}` + (f[mxKey] ? ` (MXFP8 ${err(f[mxKey])})` : '');
  const pairs = runs
    .flatMap((f) => [
      [f.sft, f.sftMx],
      [f.lora, f.loraMx],
    ])
    .filter(
      ([fp8, mx]) => fp8 && mx && ['tp', 'pp', 'vpp'].every((k) => fp8.plan[k] === mx.plan[k]),
    );
  const mxSlower = pairs.map(([fp8, mx]) => mx.metric.value / fp8.metric.value - 1);
  const mxModel = pairs.map(([fp8, mx]) => mx.predicted / fp8.predicted - 1);
  // Causal attention's FLOPs a token over a whole sequence (QKᵀ and PV, 2 each per key and
  // channel, half the keys, three passes) for Llama 3 70B's 80 layers of 64 × 128 channels.
  const attention = 3 * 2 * 2 * (4096 / 2) * 8192 * 80;
  const share = attention / runs[0].sft.time.modelFlopsPerToken;
  return [
    "Fine-tuning, in Megatron-Bridge's release 26.06 (configs at c270efc50): Llama 3 70B fully " +
      `fine-tuned on 32 GPUs ${runs.map((f) => each(f, 'sft', 'sftMx')).join(', ')}; with LoRA ` +
      '(rank 16 on the query, key and value projections, the base frozen) on 8 GPUs ' +
      `${runs.map((f) => each(f, 'lora', 'loraMx')).join(', ')}. LoRA's tokens per GPU-second ` +
      'were ' +
      runs
        .map(
          (f) =>
            `${f.published.toFixed(2)}× full fine-tuning's on ${f.gpu} (the model ${f.model.toFixed(2)}×)`,
        )
        .join(', ') +
      ', other layouts on fewer GPUs: what the frozen base saves is its weight gradients. The ' +
      'runs pack SQuAD samples into each 4,096-token sequence and attend within each sample, ' +
      'where the plans charge causal attention over the whole sequence: forward and backward, ' +
      `3 · 2 · 2 · (4,096 / 2) · 8,192 · 80 = ${(attention / 1e9).toFixed(1)} GFLOP a token, ` +
      `${(share * 100).toFixed(1)} % of the model's FLOPs a token, most of which these runs do not ` +
      'spend, so the model would come out faster still. MXFP8 ran ' +
      `${pct(Math.min(...mxSlower))} to ${pct(Math.max(...mxSlower))} against FP8 on the same GPUs ` +
      'and layouts; the model, whose MXFP8 GEMMs run at the share of the per-tensor rate ' +
      "TransformerEngine's benchmark measured (the GEMM section), " +
      `${pct(Math.min(...mxModel))} to ${pct(Math.max(...mxModel))}. The table's Model TFLOP/s for LoRA ` +
      'counts about 4 FLOPs a parameter and token, not 6: its tokens/s is what is compared.',
    '',
  ];
}

// Megatron-Bridge's 26.04.01 GPT-OSS 120B runs, one per GPU, all BF16: the published MFU against
// the model's (both of the BF16 peak the plan resolves for its accelerator).
const GPT_OSS_RUNS = [
  ['H100', 'mbridge-260401-gptoss120b-64gpu'],
  ['B200', 'mbridge-260401-b200-gptoss120b-64gpu'],
  ['GB200', 'mbridge-260401-gb200-gptoss120b-64gpu'],
];

// Megatron-Bridge's Qwen3-30B-A3B on one node of each Blackwell system (26.04.01, MXFP8).
const QWEN3_30B_ONE_NODE = [
  ['B200', 'mbridge-260401-b200-qwen3_30b_a3b-8gpu-mxfp8'],
  ['GB200', 'mbridge-260401-gb200-qwen3_30b_a3b-8gpu-mxfp8'],
];

const boundedRunsOf = (rows, list) =>
  list.map(([gpu, id]) => [gpu, heldRun(rows, id)]).filter(([, r]) => r);

/**
 * GPT-OSS 120B's MFU per GPU, published and predicted, both at the model's FLOPs per token (the
 * published one is the model's over its speed ratio: the runs publish tokens/s).
 */
export function gptOssMfus(rows) {
  return boundedRunsOf(rows, GPT_OSS_RUNS).map(([gpu, r]) => ({
    gpu,
    published: r.time.mfu / (1 + r.error),
    model: r.time.mfu,
  }));
}

export function fineGrainedMoeFinding(rows) {
  const oss = gptOssMfus(rows);
  if (oss.length < 2) return [];
  const share = (x) => pct(x).replace('+', '');
  const mfus = oss
    .map((m) => `${m.gpu} ${share(m.published)} (model ${share(m.model)})`)
    .join(', ');
  const multiples = oss.map((m) => (m.model / m.published).toFixed(2)).join(', ');
  const qwen = boundedRunsOf(rows, QWEN3_30B_ONE_NODE)
    .map(([gpu, r]) => `${gpu} ${pct(r.error)}`)
    .join(', ');
  return [
    'Fine-grained MoE with its experts inside one NVLink domain is where the model is furthest ' +
      `off. Megatron-Bridge's GPT-OSS 120B (128 experts of 2,880, top 4; 26.04.01, BF16) ran at an ` +
      `MFU of ${mfus}: about the same share of each GPU's peak, and the model about the same ` +
      `multiple of it on each (${multiples}), though a GB200's bf16 peak is 2.5 times ` +
      "an H100's. What the model leaves out of these layers therefore looks like work that " +
      'scales with the GPU (kernels at a fixed share of their peak) rather than a fixed cost per ' +
      'launch, which a faster GPU would make weigh more. Part of it was: since 2026-12-03 the ' +
      "model counts what Megatron runs eagerly in gpt-oss's expert layers, the experts' output " +
      "bias added in fp32 on every routed copy and the clamp of the GLU's inputs (step_time.cpp), " +
      "and its attention at head dim 64 at the rate FlashAttention-3's figures give that head " +
      'dim; before, the model put these MFUs at 33, 37 and 52 %. NVIDIA measured the rest ' +
      "from the other side: its fused MoE MLP kernels, which compute the GLU's activation, clamp, " +
      'bias and quantization in the GEMM and keep the token counts on the GPU (no host sync, so ' +
      'the layer runs under a full-iteration CUDA graph), made its GPT-OSS pre-training 93 % ' +
      'faster end to end and its DeepSeek-V3 8 % (NVIDIA Technical Blog, "Boosting MoE Training ' +
      'Throughput with Advanced Fusion Kernels", 2026-06-15). The 26.04.01 GPT-OSS configs enable ' +
      'neither those kernels nor CUDA graphs; the model has no host, so what a host sync per layer ' +
      'costs is not in it. ' +
      (qwen ? `Its Qwen3-30B-A3B on one node is off as well (${qwen}). ` : '') +
      graceHostFinding(rows) +
      layerGapFinding(rows) +
      "NVIDIA's Nsight profile of its H100 Qwen3-30B-A3B recipe (above) found that run's " +
      'compute within 5 % of the model and the rest in the all-to-all and the idle host; no ' +
      'profile of a one-node Blackwell run says which it is there.',
    '',
  ];
}

/**
 * Qwen3-30B-A3B's one-node runs on B200 (x86 hosts) and GB200 (Grace hosts), the same recipe and
 * layout: GB200's speed over B200's − 1, published and predicted; null without both rows.
 */
export function graceAgainstX86(rows) {
  const runs = boundedRunsOf(rows, QWEN3_30B_ONE_NODE).map(([, r]) => r);
  if (runs.length !== 2) return null;
  const [b200, gb200] = runs;
  return {
    published: gb200.metric.value / b200.metric.value - 1,
    predicted: gb200.predicted / b200.predicted - 1,
    errors: runs.map((r) => r.error),
  };
}

/**
 * What the model lacks per MoE layer and micro-batch on Qwen3-30B-A3B's one-node runs (one
 * pipeline stage, every layer MoE): the published step less the predicted one, over the step's
 * micro-batches and the model's layers, in seconds; null without both rows.
 */
export function qwen3LayerGaps(rows) {
  const runs = boundedRunsOf(rows, QWEN3_30B_ONE_NODE);
  if (runs.length !== 2) return null;
  return runs.map(([gpu, r]) => ({
    gpu,
    gapS:
      (r.time.stepS * speedRatio(r) - r.time.stepS) / (r.time.microbatches * Number(r.plan.layers)),
    microbatches: r.time.microbatches,
    layers: Number(r.plan.layers),
    tokensPerMicrobatch: Number(r.plan.microBatch) * Number(r.plan.seqLen),
  }));
}

// TransformerEngine issue #2897: its fused grouped MLP block (MXFP8, 64 experts, hidden size 128,
// so the GPU has next to nothing to do) took ~1.2 ms forward and ~2.1 ms backward on GB200.
export const TE_GROUPED_MLP_HOST_S = 1.2e-3 + 2.1e-3;

// The size of what the model lacks per layer against the host time TransformerEngine measured for
// the grouped MLP alone.
function layerGapFinding(rows) {
  const gaps = qwen3LayerGaps(rows);
  if (!gaps) return '';
  const ms = (s) => `${(s * 1e3).toFixed(1)} ms`;
  const g = gaps[0];
  return (
    'Per layer, what the model lacks there is milliseconds: the published step less the ' +
    `predicted one comes to ${gaps.map((x) => `${ms(x.gapS)} (${x.gpu})`).join(' and ')} per ` +
    `MoE layer and micro-batch (${g.microbatches} micro-batches of ` +
    `${g.tokensPerMicrobatch.toLocaleString('en-US')} tokens, ${g.layers} layers). That is the order of ` +
    'the CPU time TransformerEngine measured for the grouped MLP alone: its fused MXFP8 block ' +
    'took about 1.2 ms forward and 2.1 ms backward on GB200 with 64 experts at hidden size 128, ' +
    `where the GPU has next to nothing to do (issue #2897; ${ms(TE_GROUPED_MLP_HOST_S)} in all), ` +
    "its profile's largest items host work: weight-gradient allocations (~350 µs), clearing " +
    'tensors (~200 µs), device-pointer look-ups (>100 µs), quantizer set-up (~90 µs). A Megatron ' +
    'layer adds its router and its token dispatcher to that. '
  );
}

// What the host adds shows as a GB200 run slower than the B200 one, where the model, which has no
// host, makes it faster for its faster GPU.
function graceHostFinding(rows) {
  const f = graceAgainstX86(rows);
  if (!f) return '';
  return (
    `The two ran the same recipe and layout (EP 8 in one NVLink domain, micro-batch 4), and ` +
    `GB200's tokens/s per GPU came out ${pct(f.published)} against B200's, where the model has ` +
    `${pct(f.predicted)} for GB200's higher peak (5,000 against 4,500 dense FP8 TFLOP/s, at ` +
    '1,200 W against 1,000 W), less the smaller share of it a GB200 sustains (0.8388 against ' +
    '0.8826, the GEMM section). The GPU is ' +
    'the same Blackwell; the host is not: Grace, whose CPU time to launch the same work ' +
    'TransformerEngine issue #2053 measured at 2.8× a DGX H100 host’s (one PyTorch linear ' +
    'forward, bf16, 8,192 × 2,048: 37.1 µs of CPU on GB200, 13.5 µs on a Xeon Platinum 8480C; ' +
    '99.7 µs through TransformerEngine on GB200, as long as its GPU time). A layer whose kernels ' +
    'wait for the host runs at the host’s pace, which fits both runs being slower than the model ' +
    'and the Grace one more so. '
  );
}
