// The wasm module in Node (the page's full module, as the search worker loads it): the time of
// one evaluation that the page repeats on every keystroke. Figures for docs/performance.md, run
// by `npm run bench:page`; no test asserts a time.
import { loadModule } from '../web/load-module.mjs';

const core = await loadModule();
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function timeMs(texts, repeats = 20) {
  core.evaluate(texts); // compiles the functions it uses
  const runs = [];
  for (let i = 0; i < repeats; i += 1) {
    const start = performance.now();
    core.evaluate(texts);
    runs.push(performance.now() - start);
  }
  return { median: Number(median(runs).toFixed(2)), max: Number(Math.max(...runs).toFixed(2)) };
}

console.log(
  JSON.stringify(
    {
      node_evaluate_ms: {
        'gpt3-175b, h100, the article plan': timeMs({ pp: '10', clusterGpus: '1000' }),
        'deepseek-v3, h200, fp8-block (with its concurrency curve)': timeMs({
          model: 'deepseek-v3',
          accelerator: 'h200-141g',
          weights: 'fp8-block',
        }),
      },
    },
    null,
    2,
  ),
);
