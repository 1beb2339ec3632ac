// Writes docs/inputs.md: every plan input from the core's one table (through the real wasm
// module's catalog()), its unit and valid range, and the message each hostile value really gets
// from the module, in English and Chinese (web/src/i18n). Run it after changing an input or a
// message:   node scripts/gen-inputs-doc.mjs      (tests/web/inputs-doc.test.mjs checks it)
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { loadModule } from '../tests/web/load-module.mjs';
import { casePlan, hostileCases, TOO_LONG } from '../tests/web/hostile-values.mjs';
import { fillMessage } from './fill-message.mjs';

const root = new URL('../', import.meta.url);
export const DOC_PATH = fileURLToPath(new URL('docs/inputs.md', root));

const GROUPS = {
  general: 'General',
  model: 'Model',
  architecture: 'Architecture (overrides the preset)',
  accelerator: 'Accelerator',
  article: "The article's memory rule",
  layout: 'Layout',
  memory: 'Training memory',
  finetune: 'Fine-tuning',
  time: 'Time, cost and the layout search',
  inference: 'Inference and serving',
};

// The policy's kinds of bad value, in the order the validator checks them.
const POLICY = [
  ['Not a number (also `NaN`, empty after trimming)', 'not_a_number'],
  ['±Infinity, or too large for a double (`1e309`)', 'not_finite'],
  ['Zero or negative where only positive makes sense', 'must_be_positive'],
  ['A fraction where a whole number is needed', 'not_integer'],
  ['Outside a closed range (negative, zero, too large)', 'out_of_range'],
  ['Above the largest sensible value (`1e30` parameters)', 'too_large'],
  ['Not one of the choices', 'unknown_choice'],
  ['An unknown model id', 'unknown_model'],
  ['An unknown accelerator id', 'unknown_accelerator'],
  ['Free text longer than 200 characters', 'text_too_long'],
  ['A stage list that does not fit the pipeline', 'stage_layers_invalid'],
];
const LINK_CODES = [
  'link_too_long',
  'link_unreadable_part',
  'link_repeated_key',
  'link_unknown_version',
  'link_unknown_key',
  'link_bad_value',
  'link_no_version',
];

async function readCatalog(name) {
  return JSON.parse(await readFile(new URL(`web/src/i18n/${name}`, root), 'utf8'));
}

// Markdown table cells: no raw HTML, no column breaks.
const cell = (text) =>
  String(text)
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('|', '\\|')
    .replaceAll('\n', ' ');
const code = (text) => `\`${String(text).replaceAll('|', '\\|')}\``;

function number(value) {
  return Math.abs(value) >= 1e5 ? value.toExponential().replace('+', '') : String(value);
}

function validRange(field, catalog) {
  if (field.issueField === 'model') {
    return `a preset id (${catalog.models.length} presets, \`llm-sizer models\`) or ${code('custom')}`;
  }
  if (field.issueField === 'accelerator') {
    return `a preset id (${catalog.accelerators.length} presets, \`llm-sizer accelerators\`) or ${code('custom')}`;
  }
  if (field.type === 'text') {
    const choices = field.choices.map(code).join(', ');
    if (field.choiceList) return `a comma-separated list of ${choices}`;
    if (field.choices.length) return `one of ${choices}`;
    if (field.issueField === 'stage_layers')
      return 'layers per stage, e.g. `8,8,8,5`; ≤ 200 characters';
    return 'any text, ≤ 200 characters';
  }
  if (field.type === 'flag') return '0 or 1 (on/off, yes/no, true/false)';
  const whole = field.type === 'integer' ? 'whole, ' : '';
  const low = field.minExclusive ? `> ${number(field.min)}` : `${number(field.min)}`;
  return field.minExclusive
    ? `${whole}${low} and ≤ ${number(field.max)}`
    : `${whole}${low} to ${number(field.max)}`;
}

/** The issue's sentence as the page words it (web/src/i18n/issue-text.ts). */
function sentence(messages, issue) {
  const params = { ...issue.params };
  if (params.unit) params.unit = ` ${messages[`unit.${params.unit}`] ?? params.unit}`;
  if (params.field === undefined) params.field = messages[`field.${issue.field}`] ?? issue.field;
  return fillMessage(messages[`issue.${issue.code}`], params);
}

const shownValue = (text) => (text === TOO_LONG ? `${code('x')} × ${TOO_LONG.length}` : code(text));

/** Rows of the messages table for one input: one per issue code, with the values that get it. */
function messageRows(core, field, en, zh) {
  const byCode = new Map();
  for (const c of hostileCases(field)) {
    if (!c.code) continue;
    const issue = core
      .evaluate(casePlan(field, c.text))
      .issues.find((i) => i.field === field.issueField);
    if (!issue || issue.code !== c.code) {
      throw new Error(`${field.id} = ${c.text}: expected ${c.code}, got ${issue?.code}`);
    }
    const row = byCode.get(c.code) ?? { values: [], issue };
    row.values.push(shownValue(c.text));
    byCode.set(c.code, row);
  }
  return [...byCode.values()].map(({ values, issue }) =>
    [
      values.join(', '),
      `${code(issue.code)}${issue.severity === 'warning' ? ' (warning)' : ''}`,
      cell(sentence(en, issue)),
      cell(sentence(zh, issue)),
    ].join(' | '),
  );
}

export async function renderInputsDoc() {
  const core = await loadModule();
  const catalog = core.catalog();
  const en = await readCatalog('en.json');
  const zh = await readCatalog('zh-CN.json');
  const lines = [
    '<!-- Generated by scripts/gen-inputs-doc.mjs from the core (core/src/plan_fields.cpp, through',
    'the wasm module) and the message catalogs (web/src/i18n). Do not edit: run',
    '`node scripts/gen-inputs-doc.mjs`. tests/web/inputs-doc.test.mjs fails when it is stale. -->',
    '',
    '# Plan inputs and bad input',
    '',
    `Every input of a plan (${catalog.fields.length} of them) is declared once, in the core's table`,
    'of fields: its id (as issues name it), its share-link key, its CLI flag, its type, unit and',
    'valid range. The page, share links, the CLI and the wasm module all read inputs through that',
    'table, so one policy holds everywhere:',
    '',
    '- A bad value is **kept as typed** and named by an issue at its input, in English and 简体中文;',
    '  nothing typed is lost, and a link carries the bad value so that its message travels with it.',
    '- Everything that does not depend on the bad value is still computed; what does is shown as',
    '  unknown (—), never as a wrong number.',
    '- Nothing aborts: NaN, ±Infinity, negative numbers, zero where only a positive value makes',
    '  sense, fractions where whole numbers are needed, values so large they overflow, unknown ids,',
    '  oversized or malformed text and links each get their message (tests/web/hostile-inputs.test.mjs',
    '  drives every input below with each of them through the real module; the fuzz targets in',
    '  tests/fuzz do the same for links, config.json files and CLI arguments).',
    '- An empty input means automatic: the preset’s value or the method’s choice.',
    '- Numbers are read as typed: `175e9`, `175B`, `1.5T`, `64K`, `8_192`; the decimal mark is `.`',
    '  (`,` is refused rather than guessed).',
    '',
    '## The messages',
    '',
    '| Bad value | Issue | English | 中文 |',
    '| --- | --- | --- | --- |',
    ...POLICY.map(([kind, c]) =>
      [kind, code(c), cell(en[`issue.${c}`]), cell(zh[`issue.${c}`])].join(' | '),
    ),
    '',
    'A damaged share link opens with what could be read, and these notes (field `link`):',
    '',
    '| Issue | English | 中文 |',
    '| --- | --- | --- |',
    ...LINK_CODES.map((c) => [code(c), cell(en[`issue.${c}`]), cell(zh[`issue.${c}`])].join(' | ')),
    '',
    '## Every input',
    '',
    'For each group: the inputs, then the message each hostile value gets, exactly as the module',
    'answers (tried on Llama 3.1 8B on H100; a stage list with PP 4).',
  ];
  for (const [group, title] of Object.entries(GROUPS)) {
    const fields = catalog.fields.filter((f) => f.group === group);
    if (!fields.length) continue;
    lines.push('', `### ${title}`, '');
    lines.push('| Input | English | 中文 | Link key | CLI flag | Type | Unit | Valid |');
    lines.push('| --- | --- | --- | --- | --- | --- | --- | --- |');
    for (const f of fields) {
      const unit = f.unit ? cell(en[`unit.${f.unit}`] ?? f.unit) : '';
      lines.push(
        [
          code(f.issueField),
          cell(en[`field.${f.issueField}`]),
          cell(zh[`field.${f.issueField}`]),
          code(f.linkKey),
          code(`--${f.cliFlag}`),
          f.type,
          unit,
          validRange(f, catalog),
        ].join(' | '),
      );
    }
    lines.push(
      '',
      '| Input | Bad value | Issue | English | 中文 |',
      '| --- | --- | --- | --- | --- |',
    );
    for (const f of fields) {
      for (const row of messageRows(core, f, en, zh)) lines.push(`${code(f.issueField)} | ${row}`);
    }
  }
  const options = (await prettier.resolveConfig(DOC_PATH)) ?? {};
  return prettier.format(`${lines.join('\n')}\n`, { ...options, parser: 'markdown' });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await writeFile(DOC_PATH, await renderInputsDoc());
  console.log(`wrote ${DOC_PATH}`);
}
