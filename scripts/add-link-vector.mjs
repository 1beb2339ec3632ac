#!/usr/bin/env node
// Freezes a share link as a vector in tests/fixtures/links/: the link and what the native CLI's
// `open LINK --json` shows for it today (the plan, the article's numbers, what the presets
// resolve to, what could not be read). Vectors are never edited, only added:
//   node scripts/add-link-vector.mjs NAME 'LINK' 'why this link matters'
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';

const [name, link, note] = process.argv.slice(2);
if (!name || !link || !note || !/^[a-z0-9-]+$/.test(name)) {
  console.error("usage: node scripts/add-link-vector.mjs NAME 'LINK' 'why'  (NAME: a-z 0-9 -)");
  process.exit(2);
}
const dir = new URL('../tests/fixtures/links/', import.meta.url);
const cli = new URL('../build/native-release/llm-sizer', import.meta.url).pathname;
const number = readdirSync(dir).filter((f) => /^\d{4}-/.test(f)).length + 1;
const file = new URL(`${String(number).padStart(4, '0')}-${name}.json`, dir);
if (existsSync(file)) throw new Error(`${file.pathname} exists; vectors are never edited`);

let out;
try {
  out = execFileSync(cli, ['open', link, '--json'], { encoding: 'utf8', stdio: 'pipe' });
} catch (error) {
  out = error.stdout; // a damaged link exits 2 but still prints the plan it could read
}
const opened = JSON.parse(out);
const pick = (object, keys) => Object.fromEntries(keys.map((k) => [k, object[k]]));
const training = opened.training;
const vector = {
  link,
  note,
  link_issues: training.issues
    .filter((i) => i.code.startsWith('link_'))
    .map(({ code, field }) => ({ code, field })),
  expect: {
    plan: opened.plan,
    training: {
      ...pick(training, [
        'model_state_gb',
        'safe_memory_per_card_gb',
        'min_model_parallel',
        'tp',
        'pp_min',
        'pp',
        'dp',
        'gpus_per_replica',
        'total_gpus',
      ]),
      setup: pick(training.setup, [
        'model_name',
        'params',
        'accelerator_name',
        'card_memory_gb',
        'gpus_per_node',
      ]),
    },
    inference: { article: pick(opened.inference.article, ['weights_gb', 'min_gpus']) },
  },
};
writeFileSync(file, `${JSON.stringify(vector, null, 2)}\n`);
console.log(file.pathname);
