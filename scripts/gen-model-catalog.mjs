// Writes the page's model catalog (web/src/catalog/models.json) and its list
// (docs/model-catalog.md) from Hugging Face config.json files, each read by the core's own importer
// (importHfConfig of the full wasm module, as the page's "Import a config.json" does): the catalog
// holds exactly the plan texts that importer produced, so choosing a model from it is the same as
// importing its config. No config.json file is committed; the catalog keeps where each came from.
//
//   node scripts/gen-model-catalog.mjs --from DIR   read DIR/index.json (the list below) and its files
//   node scripts/gen-model-catalog.mjs --hub        download every id of the committed catalog (and
//                                                   of its excluded list) from huggingface.co again
//   node scripts/gen-model-catalog.mjs --hub ID...  … or these ids
//   … --from DIR --merge                            re-read only DIR's configs and keep every other
//                                                   entry of the committed catalog as it is
//
// DIR/index.json: [{hf_id, file, kind, source: {repo, path, commit, url}, verified_sha256, complete,
// notes}] — `kind` is one of dense, moe, mla-moe, hybrid, multimodal. Without an index, every
// OWNER--NAME.json in DIR is read (kind then comes from the import: dense, moe or mla-moe).
// Run `bash scripts/build.sh wasm` first: the importer is the module in web/src/core/generated/.
import { readFile, readdir, writeFile, mkdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { loadModule } from '../tests/web/load-module.mjs';
import { fillMessage } from './fill-message.mjs';

const root = new URL('../', import.meta.url);
const CATALOG = new URL('web/src/catalog/models.json', root);
const DOC = new URL('docs/model-catalog.md', root);
const HUB = 'https://huggingface.co';

const core = await loadModule();
const fields = core.catalog().fields;
const defaults = core.decodeLink(`#v=${core.catalog().linkVersion}`).texts;
const en = JSON.parse(await readFile(new URL('web/src/i18n/en.json', root), 'utf8'));

/**
 * Warnings that leave the parameter count and memory of the text model exact: the vision or audio
 * tower is not counted (the catalog sizes the text backbone, and says so).
 */
const EXACT_WARNINGS = new Set(['hf_text_config', 'hf_vision_config']);

/**
 * Keys the importer names as unused that change nothing this calculator sizes, each with why and,
 * where a value would matter, the value it must have. Any other unused key, or any other warning
 * (an unknown family read as a Llama-style decoder, an approximation), leaves the entry out.
 */
const NO_EFFECT = {
  // Expert routing restrictions (DeepSeek's device-limited routing): which experts a token may
  // use, not how many there are.
  n_group: 'routing',
  topk_group: 'routing',
  topk_method: 'routing',
  // The multi-token-prediction module ships with DeepSeek V3 checkpoints but transformers does not
  // load it; the catalog sizes the model as transformers builds it (docs/model-catalog.md says so).
  num_nextn_predict_layers: 'mtp',
  // MiniMax-M2's multi-token-prediction modules, which transformers does not build either.
  use_mtp: 'mtp',
  num_mtp_modules: 'mtp',
  mtp_transformer_layers: 'mtp',
  // The checkpoint's storage format: the plan's weight format and recipe decide the bytes.
  quantization_config: 'quantized',
  // Rotary variants and dropout: no parameters.
  use_mrope: 'rotary',
  rope_interleaved: 'rotary',
  attention_probs_dropout_prob: 'dropout',
  hidden_dropout_prob: 'dropout',
  // Tool metadata and run-time or generation settings saved with every transformers config.
  is_llama_config: 'metadata',
  internal_version: 'metadata',
  'transformers.js_config': 'metadata',
  output_past: 'runtime',
  predict_special_tokens: 'runtime',
  model_max_length: 'runtime',
  _from_model_config: 'metadata',
  use_bfloat16: 'metadata',
  tf_legacy_loss: 'metadata',
  chunk_size_feed_forward: 'runtime',
  min_length: 'generation',
  do_sample: 'generation',
  early_stopping: 'generation',
  num_beams: 'generation',
  num_beam_groups: 'generation',
  num_return_sequences: 'generation',
  bad_words_ids: 'generation',
  begin_suppress_tokens: 'generation',
  suppress_tokens: 'generation',
  diversity_penalty: 'generation',
  encoder_no_repeat_ngram_size: 'generation',
  no_repeat_ngram_size: 'generation',
  exponential_decay_length_penalty: 'generation',
  forced_bos_token_id: 'generation',
  forced_eos_token_id: 'generation',
  length_penalty: 'generation',
  repetition_penalty: 'generation',
  remove_invalid_values: 'generation',
  return_dict_in_generate: 'generation',
  output_scores: 'generation',
  temperature: 'generation',
  top_k: 'generation',
  top_p: 'generation',
  typical_p: 'generation',
  finetuning_task: 'metadata',
  prefix: 'metadata',
  // Encoder-decoder and pruning switches: harmless only when off.
  add_cross_attention: ['off', false],
  is_encoder_decoder: ['off', false],
  tie_encoder_decoder: ['off', false],
  cross_attention_hidden_size: ['off', null],
  pruned_heads: ['off', {}],
  // GPT-2's added special tokens would grow the vocabulary.
  n_special: ['off', 0],
  // Keys Qwen3-Coder's config carries that transformers' Qwen3MoeConfig does not read.
  qkv_bias: ['off', false],
  shared_expert_intermediate_size: ['off', 0],
  use_qk_norm: ['qwen3 has them', true],
};

/** Whether an unused `key` with `value` in `config` changes nothing sized here. */
function noEffect(key, config) {
  const rule = NO_EFFECT[key];
  if (rule === undefined || !Object.hasOwn(NO_EFFECT, key)) return false;
  if (!Array.isArray(rule)) return true;
  const scope = config.text_config ?? config;
  return JSON.stringify(scope[key]) === JSON.stringify(rule[1]);
}

/** The issues that leave the import inexact (none for a catalog entry). */
function inexact(issues, config) {
  return issues.filter((issue) => {
    if (EXACT_WARNINGS.has(issue.code)) return false;
    if (issue.code !== 'hf_unused_keys') return true;
    return !issue.params.keys.split(', ').every((key) => noEffect(key, config));
  });
}

/**
 * `config` without the keys whose rule holds whatever their value (routing, generation settings,
 * metadata …). The importer reads none of them, so its import is the same, but its list of unused
 * keys, cut at 20 names, then names only the keys left to judge: a config saved with transformers'
 * forty generation defaults would otherwise hide the rest behind "… (+N)".
 */
function pruned(config) {
  const copy = structuredClone(config);
  for (const scope of [copy, copy.text_config]) {
    if (!scope || typeof scope !== 'object') continue;
    for (const key of Object.keys(scope)) {
      if (Object.hasOwn(NO_EFFECT, key) && !Array.isArray(NO_EFFECT[key])) delete scope[key];
    }
  }
  return JSON.stringify(copy);
}

/** What a catalog entry's reader should know: what was set aside (an MTP module, quantization). */
function setAside(config) {
  const scope = config.text_config ?? config;
  const kinds = [];
  if (Number(scope.num_nextn_predict_layers) > 0 || scope.use_mtp === true) kinds.push('mtp');
  if (config.quantization_config || scope.quantization_config) kinds.push('quantized');
  return kinds;
}

/** An issue in English words, as the page would show it (a missing message is named as such). */
function issueWords(issue) {
  const key = `issue.${issue.code}`;
  const pattern = en[key] ?? `${issue.code} (no message)`;
  const params = { ...issue.params, field: 'config.json' };
  return fillMessage(pattern, params);
}

/** "Qwen3-30B-A3B-Instruct-2507" from "Qwen/Qwen3-30B-A3B-Instruct-2507". */
const displayName = (id) => id.slice(id.indexOf('/') + 1);

async function fromFolder(dir) {
  const index = new URL('index.json', dir);
  if (existsSync(index)) {
    const entries = JSON.parse(await readFile(index, 'utf8'));
    return Promise.all(
      entries.map(async (e) => ({
        id: e.hf_id,
        kind: e.kind,
        text: await readFile(new URL(e.file, dir), 'utf8'),
        source: {
          repo: e.source.repo,
          path: e.source.path,
          commit: e.source.commit,
          url: e.source.url,
          sameAsHub: e.verified_sha256 === true,
          complete: e.complete !== false,
        },
      })),
    );
  }
  const files = (await readdir(dir)).filter((f) => /^[^.].*--.*\.json$/.test(f));
  return Promise.all(
    files.map(async (file) => ({
      id: file.replace(/\.json$/, '').replace('--', '/'),
      kind: '',
      text: await readFile(new URL(file, dir), 'utf8'),
      source: { repo: '', path: file, commit: '', url: '', sameAsHub: false, complete: true },
    })),
  );
}

async function fromHub(ids) {
  const out = [];
  for (const id of ids) {
    const url = `${HUB}/${id}/resolve/main/config.json`;
    const response = await fetch(url);
    if (!response.ok) {
      console.warn(`${id}: ${response.status} ${response.statusText}`);
      continue;
    }
    const text = await response.text();
    out.push({
      id,
      kind: '',
      text,
      source: {
        repo: id,
        path: 'config.json',
        commit: 'main',
        url,
        sameAsHub: true,
        complete: true,
      },
    });
  }
  return out;
}

/** dense, moe or mla-moe from what the importer read (the index's kind is kept when given). */
function kindOf(texts) {
  const experts = Number(texts.moeExperts || 0) > 0;
  const latent = Number(texts.kvLoraRank || 0) > 0;
  if (latent && experts) return 'mla-moe';
  if (latent) return 'mla';
  return experts ? 'moe' : 'dense';
}

async function build(configs) {
  const models = [];
  const excluded = [];
  for (const config of configs.sort((a, b) => a.id.localeCompare(b.id))) {
    const sha256 = createHash('sha256').update(config.text).digest('hex');
    const imported = core.importHfConfig(config.text);
    const parsed = imported.ok ? JSON.parse(config.text) : null;
    let reasons = [];
    if (imported.ok) {
      const judged = core.importHfConfig(pruned(parsed));
      reasons =
        JSON.stringify(judged.texts) === JSON.stringify(imported.texts)
          ? inexact(judged.issues, parsed)
          : [{ code: 'catalog_pruning_changed_import', params: {} }];
    }
    if (!imported.ok || reasons.length > 0) {
      excluded.push({
        id: config.id,
        family: imported.modelType,
        reasons: (reasons.length ? reasons : imported.issues).map(issueWords),
        source: config.source,
      });
      continue;
    }
    // The imported name is the config's own (_name_or_path, else its class); the catalog's is
    // the repository's id, which is what people search for and what the plan then shows.
    const texts = { ...imported.texts, modelName: config.id };
    const report = core.evaluate({ ...defaults, ...texts });
    const { total, active } = report.setup.counts;
    models.push({
      id: config.id,
      name: displayName(config.id),
      family: imported.family || imported.modelType,
      kind: config.kind || kindOf(texts),
      params: { total, active },
      textOnly: imported.issues.some((i) => EXACT_WARNINGS.has(i.code)),
      notes: setAside(parsed),
      texts: Object.fromEntries(
        fields.filter((f) => f.id in texts).map((f) => [f.id, texts[f.id]]),
      ),
      source: { ...config.source, sha256 },
    });
  }
  return { models, excluded };
}

/**
 * Families the importer refuses to map because the core's architecture cannot represent them
 * exactly (read from each family's transformers or shipped modelling code), with what is missing.
 * The doc's "Left out" table gives this instead of the bare "no mapping".
 */
const NOT_EXACT = {
  cohere: 'one LayerNorm without bias shared by parallel attention and FFN: not RMSNorm in memory',
  phi: 'attention and FFN in parallel after one shared LayerNorm, and a bias on the head',
  falcon:
    "Falcon-7B's parallel block shares one LayerNorm; no exact published count to check 40B by",
  qwen2_moe: 'a sigmoid gate on the shared expert (hidden parameters per layer) the plan lacks',
  phimoe: 'biases on attention and head but not on the experts; the plan cannot split them',
  dbrx: 'LayerNorm without bias: RMSNorm-sized but not RMSNorm in memory',
  llama4_text:
    'chunked attention on three layers in four (not a sliding window) and no-RoPE layers',
  mllama_text_model: 'interleaved cross-attention layers to the image',
  gemma4_text: 'per-layer embeddings, shared KV layers and two attention widths',
  nemotron_h: 'Mamba-2 layers between the attention layers',
  'nemotron-nas': 'a different block shape per layer (block_configs)',
  qwen3_next: 'Gated DeltaNet linear-attention layers',
  qwen3_5_text: 'Gated DeltaNet linear-attention layers',
  qwen3_5_moe_text: 'Gated DeltaNet linear-attention layers',
  kimi_linear: 'Kimi Delta Attention (linear) layers',
  minimax_m1: 'lightning (linear) attention layers',
  deepseek_v32: 'the sparse-attention indexer, which has weights of its own',
  deepseek_v4: 'the sparse-attention indexer and compressed attention, with weights of their own',
  glm_moe_dsa: 'the sparse-attention indexer, which has weights of its own',
  opt: 'a position table of context + 2 rows (and projections in the 350M model)',
  mimo: 'multi-token-prediction layers that its modelling code builds',
  baichuan: 'no exact published parameter count to check the mapping by',
  hunyuan: 'cross-layer attention (KV shared between layers)',
};

/** The excluded configs by family, most first, with the first reason seen for each. */
function families(excluded) {
  const byFamily = new Map();
  for (const e of excluded) {
    const entry = byFamily.get(e.family) ?? { count: 0, why: '' };
    entry.count += 1;
    if (!entry.why) {
      entry.why = Object.hasOwn(NOT_EXACT, e.family)
        ? `not mapped: ${NOT_EXACT[e.family]}`
        : e.reasons.some((r) => r.includes('has no mapping here'))
          ? 'no mapping for this family'
          : e.reasons[0].length > 120
            ? `${e.reasons[0].slice(0, 117)}…`
            : e.reasons[0];
    }
    byFamily.set(e.family, entry);
  }
  return [...byFamily]
    .map(([family, { count, why }]) => [family, count, why])
    .sort((a, b) => b[1] - a[1] || String(a[0]).localeCompare(String(b[0])));
}

function markdown({ models, excluded }) {
  const cell = (text) => String(text).replace(/\|/g, '\\|').replace(/\s+/g, ' ');
  const billions = (n) => `${(n / 1e9).toFixed(n < 1e10 ? 2 : 1)}B`;
  const source = (s) =>
    s.url ? `[${cell(s.repo)}](${s.url})${s.sameAsHub ? ' (same bytes as the Hub)' : ''}` : '';
  const lines = [
    '# Model catalog',
    '',
    'Every model the page finds by name (besides its presets): generated by',
    '`node scripts/gen-model-catalog.mjs` from each model’s Hugging Face `config.json`, read by the',
    'core’s own importer (the same as pasting the file on the page), into',
    '`web/src/catalog/models.json`. The config files themselves are not in the repository; each row',
    'names where its file came from — the Hub, or a public repository that copied it (“same bytes',
    'as the Hub” where its SHA-256 was checked against the Hub’s). Parameter counts are counted by',
    'the core from the imported architecture. For multimodal models the text model is sized (the',
    'vision or audio tower is not counted), and the page says so.',
    '',
    `${models.length} models; ${excluded.length} configs left out because the importer cannot`,
    'read them exactly (below, with its reason).',
    '',
    '| model | family | kind | parameters (total / active) | config.json from |',
    '| --- | --- | --- | ---: | --- |',
    ...models.map(
      (m) =>
        `| ${cell(m.id)} | ${cell(m.family)} | ${m.kind}${m.textOnly ? ' (text model)' : ''} | ` +
        `${billions(m.params.total)}${m.params.active !== m.params.total ? ` / ${billions(m.params.active)}` : ''} | ` +
        `${source(m.source)} |`,
    ),
    '',
    '## Left out',
    '',
    'By family (model_type), as the importer reads it: a family it has no mapping for is read as a',
    'Llama-style decoder with a warning, which the catalog does not take; where the core cannot',
    'represent the family exactly, what it lacks is named (docs/hf-config.md); other reasons are',
    'named too.',
    '',
    '| family | configs | why |',
    '| --- | ---: | --- |',
    ...families(excluded).map(
      ([family, count, why]) => `| ${cell(family || '(none)')} | ${count} | ${cell(why)} |`,
    ),
    '',
    'Each config:',
    '',
    '| config | family | why |',
    '| --- | --- | --- |',
    ...excluded.map((e) => `| ${cell(e.id)} | ${cell(e.family)} | ${cell(e.reasons.join(' '))} |`),
    '',
  ];
  return lines.join('\n');
}

/** The committed catalog with `fresh`'s entries in place of (or beside) those of the same ids. */
function merged(committed, fresh) {
  const ids = new Set([...fresh.models, ...fresh.excluded].map((m) => m.id));
  const keep = (list) => list.filter((m) => !ids.has(m.id));
  const byId = (a, b) => a.id.localeCompare(b.id);
  return {
    version: committed.version,
    models: [...keep(committed.models), ...fresh.models].sort(byId),
    excluded: [...keep(committed.excluded), ...fresh.excluded].sort(byId),
  };
}

async function main(args) {
  let configs;
  if (args[0] === '--from' && args[1]) {
    const dir = new URL(`file://${args[1].replace(/\/?$/, '/')}`);
    configs = await fromFolder(dir);
  } else if (args[0] === '--hub') {
    let ids = args.slice(1);
    if (ids.length === 0) {
      const committed = JSON.parse(await readFile(CATALOG, 'utf8'));
      ids = [...committed.models, ...committed.excluded].map((m) => m.id);
    }
    configs = await fromHub(ids);
  } else {
    console.error('usage: node scripts/gen-model-catalog.mjs --from DIR | --hub [ID...]');
    process.exit(2);
  }
  let catalog = { version: 1, ...(await build(configs)) };
  if (args.includes('--merge'))
    catalog = merged(JSON.parse(await readFile(CATALOG, 'utf8')), catalog);
  await mkdir(new URL('web/src/catalog/', root), { recursive: true });
  await writeFile(CATALOG, `${JSON.stringify(catalog)}\n`);
  await writeFile(DOC, markdown(catalog));
  // The doc as prettier writes it, so that `npm run lint` passes on a regenerated one.
  execFileSync('node', [
    new URL('node_modules/prettier/bin/prettier.cjs', root).pathname,
    '--write',
    DOC.pathname,
  ]);
  console.log(
    `${catalog.models.length} models, ${catalog.excluded.length} left out → ` +
      `${CATALOG.pathname}, ${DOC.pathname}`,
  );
}

await main(process.argv.slice(2));
