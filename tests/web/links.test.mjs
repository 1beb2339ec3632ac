// Share links through the real module: round trips, what the CLI writes, damaged links.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { loadModule } from './load-module.mjs';

const core = await loadModule();
const cli = new URL('../../build/native-release/llm-sizer', import.meta.url).pathname;

/** A valid, non-default text for every input, from its declared type and range. */
function sampleText(field) {
  if (field.id === 'model') return 'qwen2.5-7b';
  if (field.id === 'accelerator') return 'a100-80g';
  if (field.choices.length) return field.choices[field.choices.length - 1];
  if (field.type === 'text') return field.id === 'stageLayers' ? '3,4' : 'Mine & <yours>';
  if (field.type === 'flag') return '1';
  if (field.type === 'integer') return String(Math.min(field.max, Math.max(field.min, 2) + 1));
  return String(Math.min(field.max, field.min + 0.25));
}

test('a link round-trips every input the page holds', () => {
  const texts = {};
  for (const field of core.catalog().fields) texts[field.id] = sampleText(field);
  const link = core.encodeLink(texts);
  const decoded = core.decodeLink(link);
  assert.deepEqual(decoded.issues, []);
  assert.deepEqual(decoded.texts, texts);
});

test('the link the CLI prints opens the same plan in the module', () => {
  const link = execFileSync(
    cli,
    [
      'link',
      '--model',
      'qwen-32b',
      '--accelerator',
      'h100-80g',
      '--pp',
      '2',
      '--cluster-gpus',
      '128',
    ],
    { encoding: 'utf8' },
  ).trim();
  const { texts, issues } = core.decodeLink(link);
  assert.deepEqual(issues, []);
  const report = core.evaluate(texts);
  assert.equal(report.link, link);
  assert.deepEqual(
    [report.articleTraining.tp, report.articleTraining.pp, report.articleTraining.dp],
    [8, 2, 8],
  );
  assert.equal(report.articleTraining.totalGpus, 128);
});

test('typed shorthand is read by the core: 175B, 1_000', () => {
  const report = core.evaluate({ model: 'custom', params: '175B', clusterGpus: '1_000', pp: '10' });
  assert.equal(report.setup.params, 175e9);
  assert.equal(report.articleTraining.totalGpus, 960);
  assert.match(report.link, /params=175e9/);
  assert.match(report.link, /cluster=1000/);
});

test('a damaged link keeps what it could read and names the rest', () => {
  const { texts, issues } = core.decodeLink('#v=1&m=qwen-32b&pp=abc&%ZZ&a=rg800-32g');
  assert.equal(texts.model, 'qwen-32b');
  assert.equal(texts.accelerator, 'rg800-32g');
  assert.equal(texts.pp, '');
  assert.deepEqual(
    issues.map((i) => [i.code, i.field]),
    [
      ['link_bad_value', 'pp'],
      ['link_unreadable_part', 'link'],
    ],
  );
});

test('garbage never throws and leaves a working default plan', () => {
  for (const garbage of ['#%%%garbage', '#', '', '\u0000\uffff', '#v=999', 'x'.repeat(70000)]) {
    const { texts, issues } = core.decodeLink(garbage);
    assert.ok(Array.isArray(issues));
    const report = core.evaluate(texts);
    assert.ok(report.link.startsWith(`./#v=${core.catalog().linkVersion}&`));
  }
});
