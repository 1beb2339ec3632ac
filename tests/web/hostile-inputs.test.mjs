// Every plan input, given every hostile value of its kind (hostile-values.mjs), through every call
// of the real wasm module: each value gets its own issue with a message in both languages, nothing
// aborts the module, and after all of it the module still computes the article's plan.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { loadModule } from './load-module.mjs';
import { casePlan, hostileCases } from './hostile-values.mjs';

const core = await loadModule();
const fields = core.catalog().fields;
const catalogs = {
  en: JSON.parse(await readFile(new URL('../../web/src/i18n/en.json', import.meta.url), 'utf8')),
  zh: JSON.parse(await readFile(new URL('../../web/src/i18n/zh-CN.json', import.meta.url), 'utf8')),
};

function articlePlanStillComputes() {
  const report = core.evaluate({ pp: '10', clusterGpus: '1000' });
  assert.equal(report.articleTraining.totalGpus, 960);
}

test('every input refuses each hostile value with its own issue, worded in en and zh', () => {
  let refused = 0;
  for (const field of fields) {
    for (const c of hostileCases(field)) {
      const where = `${field.id} = ${JSON.stringify(c.text.slice(0, 30))} (${c.kind})`;
      const report = core.evaluate(casePlan(field, c.text));
      const own = report.issues.filter((i) => i.field === field.issueField);
      if (c.code === null) {
        assert.deepEqual(
          own.filter((i) => i.severity === 'error'),
          [],
          `${where} is valid but was refused`,
        );
        continue;
      }
      assert.ok(own.length > 0, `${where} gave no issue`);
      assert.equal(own[0].code, c.code, where);
      assert.equal(own[0].severity, c.severity, where);
      for (const [lang, messages] of Object.entries(catalogs)) {
        assert.ok(messages[`issue.${c.code}`], `${lang} has no message for ${c.code}`);
        assert.ok(messages[`field.${field.issueField}`], `${lang} has no label for ${field.id}`);
      }
      refused += 1;
    }
  }
  // 91 inputs: most numbers refuse 6 to 9 of their values, texts 1 to 3.
  assert.ok(refused > 500, `only ${refused} refusals`);
});

test('hostile values never abort any call of the module', () => {
  for (const field of fields) {
    for (const [index, c] of hostileCases(field).entries()) {
      const texts = casePlan(field, c.text);
      const link = core.encodeLink(texts);
      const decoded = core.decodeLink(link);
      assert.deepEqual(decoded.issues, [], `${field.id}: ${link}`);
      // What the link carries reads back as what the module read from the texts.
      assert.deepEqual(decoded.texts, core.evaluate(texts).texts, `${field.id}: ${link}`);
      const raw = core.decodeLink(`#v=1&${field.linkKey}=${encodeURIComponent(c.text)}`);
      assert.equal(typeof raw.texts.model, 'string');
      if (index % 3 !== 0) continue; // the slower calls on a third of the values, all kinds
      assert.equal(typeof core.exportJson(texts, 'training'), 'string');
      assert.equal(typeof core.exportJson(texts, 'inference'), 'string');
      assert.ok(Array.isArray(core.search(texts).issues));
      assert.ok(core.comparison(texts));
    }
  }
  articlePlanStillComputes();
});

// Valid values can reach paths hostile ones stop short of: torchtitan's op-level recompute once
// crashed the search (its mode had no index there). Every choice of every input, through every
// call, on a cluster the search covers in milliseconds.
test('every choice of every input goes through every call of the module', () => {
  let calls = 0;
  for (const field of fields.filter((f) => f.choices.length > 0)) {
    for (const choice of field.choices) {
      const texts = { ...casePlan(field, choice), clusterGpus: '16', searchLimits: 'pp=1..2' };
      const where = `${field.id} = ${choice}`;
      assert.equal(typeof core.evaluate(texts).ok, 'boolean', where);
      assert.equal(typeof core.exportJson(texts, 'training'), 'string', where);
      assert.equal(typeof core.exportJson(texts, 'inference'), 'string', where);
      const search = core.search(texts);
      assert.ok(Array.isArray(search.issues), where);
      if (field.id === 'recompute' && search.search?.found) {
        assert.equal(search.search.best.recompute, choice, `${where}: the search keeps it`);
      }
      calls += 1;
    }
  }
  assert.ok(calls > 100, `${calls} choices`);
  articlePlanStillComputes();
});

test('values no text box can hold, from a caller or a tampered state, never abort', () => {
  const odd = [NaN, Infinity, -Infinity, -0, 1e308, 5e-324, null, undefined, true, {}, [], [1]];
  for (const field of fields) {
    for (const value of odd) {
      const report = core.evaluate({ [field.id]: value });
      assert.equal(typeof report.ok, 'boolean', `${field.id} = ${String(value)}`);
    }
  }
  for (const texts of [null, undefined, 42, 'pp=3', [], () => 1]) {
    assert.equal(core.evaluate(texts).texts.model, 'gpt3-175b');
  }
  articlePlanStillComputes();
});

test('oversized and malformed text never aborts the module', () => {
  const huge = '9'.repeat(1 << 16); // past every bound: text, number, link
  const halfSurrogate = '\ud800';
  for (const field of fields) {
    const report = core.evaluate({ [field.id]: huge });
    assert.equal(report.issues[0].field, field.issueField, field.id);
    core.evaluate({ [field.id]: `${halfSurrogate}x\u0000\u202e` });
  }
  assert.equal(
    core.decodeLink(`#v=1&m.name=${'%'.repeat(1 << 17)}`).issues[0].code,
    'link_too_long',
  );
  assert.equal(core.decodeLink('#v=1&m.name=%FF%FE%00').issues.length, 0);
  for (const config of [huge, '['.repeat(100000), `{"model_type": "${halfSurrogate}"}`]) {
    assert.equal(core.importHfConfig(config).ok, false);
  }
  articlePlanStillComputes();
});
