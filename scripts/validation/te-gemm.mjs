// TransformerEngine's own GEMM benchmark (validation/data/te-gemm-profiling.json): the twelve
// GEMMs of one layer timed in bf16 and under each fp8 recipe, from pre-quantized operands (the
// kernels alone) and through te.Linear under autocast (each call quantizing its input and
// weight), against the module's GEMMs (gemmSeconds) and quantization (quantizeSeconds) at the
// same shapes. Blackwell's fp8 GEMM level and MXFP8's share are set from these rows
// (kernel_catalog.cpp, fp8_recipe.hpp). Part of the GEMM section (kernels.mjs renders it).
import { readFile } from 'node:fs/promises';

const DATA = new URL('../../validation/data/te-gemm-profiling.json', import.meta.url);

/** The layer's GEMMs as M×K×N: forward, then input gradient (K and N swapped), then weight
 * gradient (the tokens as K), in the benchmark's order. */
export function layerGemms({ tokens, hidden, ffn }) {
  const forward = [
    [tokens, hidden, 3 * hidden],
    [tokens, hidden, hidden],
    [tokens, hidden, ffn],
    [tokens, ffn, hidden],
  ];
  return [
    ...forward,
    ...forward.map(([m, k, n]) => [m, n, k]),
    ...forward.map(([m, k, n]) => [k, m, n]),
  ];
}

/** The module's milliseconds for the layer's GEMMs in `dtype` on `accelerator`, in a burst. */
function gemmMs(core, accelerator, dtype, gemms) {
  return gemms.reduce((s, [m, k, n]) => s + core.gemmSeconds(accelerator, dtype, m, n, k), 0) * 1e3;
}

/** The module's milliseconds to quantize what autocast quantizes: each call's input and weight. */
function quantizeMs(core, accelerator, recipe, gemms) {
  return (
    gemms.reduce(
      (s, [m, k, n]) =>
        s +
        core.quantizeSeconds(accelerator, recipe, m * k) +
        core.quantizeSeconds(accelerator, recipe, k * n),
      0,
    ) * 1e3
  );
}

const RECIPES = ['tensorwise', 'delayed', 'mxfp8', 'blockwise', 'nvfp4'];

export async function evaluate(core) {
  const data = JSON.parse(await readFile(DATA, 'utf8'));
  const gemms = layerGemms(data.config);
  const sets = data.sets.map((set) => {
    const preset = set.accelerator ?? set.sibling;
    const bf16 = gemmMs(core, preset, 'bf16', gemms);
    const recipes = RECIPES.filter((r) => set.autocast_ms[r] != null).map((recipe) => {
      const raw = gemmMs(core, preset, recipe, gemms);
      const quantize = quantizeMs(core, preset, recipe, gemms);
      const measuredRaw = set.prequantized_ms[recipe] ?? null;
      return {
        recipe,
        measuredRaw,
        measuredAutocast: set.autocast_ms[recipe],
        // fp8's gain over bf16 at the layer, kernels alone (pre-quantized) and under autocast.
        measuredSpeedup: measuredRaw ? set.prequantized_ms.bf16 / measuredRaw : null,
        measuredAutocastSpeedup: set.autocast_ms.bf16 / set.autocast_ms[recipe],
        moduleSpeedup: bf16 / raw,
        moduleAutocastSpeedup: bf16 / (raw + quantize),
        // What autocast adds to the kernels: measured, and the module's quantization.
        measuredOverhead: measuredRaw ? set.autocast_ms[recipe] - measuredRaw : null,
        moduleOverhead: quantize,
        moduleRaw: raw,
      };
    });
    return {
      gpu: set.gpu,
      accelerator: set.accelerator,
      sibling: set.sibling ?? null,
      measuredBf16: set.prequantized_ms.bf16,
      moduleBf16: bf16,
      recipes,
    };
  });
  return { source: data.source, config: data.config, sets };
}

const ms = (v) => (v == null ? '—' : v.toFixed(2));
const x = (v) => (v == null ? '—' : `${v.toFixed(3)}×`);

export function render(result) {
  const { source, config, sets } = result;
  const blackwell = sets.find((s) => s.accelerator === 'b300');
  const hopper = sets.find((s) => s.sibling);
  const tw = (set) => set.recipes.find((r) => r.recipe === 'tensorwise');
  const mx = blackwell.recipes.find((r) => r.recipe === 'mxfp8');
  const fp4 = blackwell.recipes.find((r) => r.recipe === 'nvfp4');
  const rows = sets.flatMap((set) =>
    set.recipes.map(
      (r) =>
        `| ${set.gpu}${set.sibling ? ` (as ${set.sibling})` : ''} | ${r.recipe} | ${ms(r.measuredRaw)} | ` +
        `${ms(r.measuredAutocast)} | ${x(r.measuredSpeedup)} | ${x(r.moduleSpeedup)} | ` +
        `${x(r.measuredAutocastSpeedup)} | ${x(r.moduleAutocastSpeedup)} | ${ms(r.measuredOverhead)} | ` +
        `${set.accelerator ? ms(r.moduleOverhead) : '—'} |`,
    ),
  );
  return [
    `**TransformerEngine's GEMM benchmark.** NVIDIA's [GEMM profiling tutorial](${source.url}) ` +
      `(PR [#2863](${source.pull_request}), \`validation/data/te-gemm-profiling.json\`) timed the ` +
      `twelve GEMMs of one layer (hidden ${config.hidden.toLocaleString('en-US')}, FFN ` +
      `${config.ffn.toLocaleString('en-US')}, ${config.tokens.toLocaleString('en-US')} tokens) on a ` +
      `B300 and an H200 NVL with TransformerEngine's own kernels: in bf16 and under each fp8 recipe, ` +
      'from pre-quantized operands (the kernels alone) and through `te.Linear` under autocast (every ' +
      'call quantizing its input and weight). On the B300, fp8 kernels gain ' +
      `${x(tw(blackwell).measuredSpeedup)} over bf16 per tensor and ${x(mx.measuredSpeedup)} with ` +
      "MXFP8's block scales. Blackwell's fp8 level had been the bf16 level times the fp8 ÷ bf16 " +
      "ratio of TensorRT-LLM's largest GEMMs, 2.071× at this layer; it is now set so that the " +
      `module's gain here is TransformerEngine's per-tensor one (${x(tw(blackwell).moduleSpeedup)}), ` +
      "and MXFP8's GEMMs run at its measured share of that rate (fp8_recipe.hpp: " +
      `${x(mx.moduleSpeedup)} in the module), for the B200, B300, GB200 and GB300 alike. ` +
      "TensorRT-LLM's GEMMs accumulate fp8 fast, which on Blackwell ran no faster than Bekman's " +
      'split-accumulator MAMF (0.93 of it at the largest shapes) but on Hopper 11 % faster; these ' +
      "benchmark GEMMs accumulate fast too (use_split_accumulator false), which TransformerEngine's " +
      'training dgrad and wgrad do not, so Hopper keeps its level: the H200 NVL gains ' +
      `${x(tw(hopper).measuredSpeedup)} here against the module's ${x(tw(hopper).moduleSpeedup)} ` +
      `for the H200 SXM (${((tw(hopper).measuredSpeedup / tw(hopper).moduleSpeedup - 1) * 100).toFixed(1)} % more, ` +
      'within that 11 %). Autocast: what it adds to the B300 kernels (measured) ' +
      "against the module's quantization of the same tensors, the recipes' bytes (fp8_recipe.hpp). " +
      "What it adds on the B300 sets how much of the HBM bandwidth Blackwell's streaming kernels " +
      'reach: 0.732 ' +
      "(kernel_catalog.cpp; cuDNN's own norm kernels on GB200 and GB300 ran at 0.52–0.81 of it), " +
      "where the 0.85 default had left the module's quantization 13 % short. Delayed scaling's " +
      'casts ran cheaper than the 3 bytes an element the module moves for them. Hopper keeps the ' +
      "default: its casts here ran at 0.93 of an H200's bandwidth; the H200 NVL's times are not " +
      "the SXM preset's (a 600 W card), so only its ratios are read. NVFP4 (Blackwell's FP4 " +
      `tensor cores): its kernels gain ${x(fp4.measuredSpeedup)} over bf16, ` +
      `${(tw(blackwell).measuredRaw / fp4.measuredRaw).toFixed(2)}× the per-tensor fp8 ones: ` +
      "the module's NVFP4 GEMMs run at that rate over its fp8 ones (fp8_recipe.hpp; measured on " +
      "this B300 alone, whose FP4 peak is 3.1× its FP8 one, B200's and GB200's 2×). What its " +
      `autocast adds, ${ms(fp4.measuredOverhead)} ms measured, is not set from this row: the ` +
      "module's quantization moves the bytes TransformerEngine's NVFP4 kernels do (an amax pass " +
      'and one fused cast writing both 4-bit copies with their E4M3 block scales, 5.125 bytes an ' +
      `element in 3 kernels) and comes to ${ms(fp4.moduleOverhead)} ms ` +
      `(${((fp4.moduleOverhead / fp4.measuredOverhead - 1) * 100).toFixed(1)} %).`,
    '',
    '| GPU | fp8 recipe | kernels (ms) | autocast (ms) | fp8 ÷ bf16, kernels | module | fp8 ÷ bf16, autocast | module | autocast adds (ms) | module (ms) |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows,
    '',
    `bf16 at this layer: B300 measured ${ms(blackwell.measuredBf16)} ms, the module's burst ` +
      `${ms(blackwell.moduleBf16)} ms; its fp8 kernels ${ms(tw(blackwell).measuredRaw)} against ` +
      `${ms(tw(blackwell).moduleRaw)} ms: the same ${(
        (1 - blackwell.moduleBf16 / blackwell.measuredBf16) *
        100
      ).toFixed(1)} % faster in both: the benchmark's 100 calls of each shape run between a ` +
      'burst and the rate a training step sustains at the power limit.',
    '',
  ];
}
