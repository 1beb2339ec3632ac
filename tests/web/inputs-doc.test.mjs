// docs/inputs.md is generated from the core's table of inputs and the message catalogs; this
// fails when either changed and the page was not regenerated (node scripts/gen-inputs-doc.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { DOC_PATH, renderInputsDoc } from '../../scripts/gen-inputs-doc.mjs';
import { loadModule } from './load-module.mjs';

test('docs/inputs.md is what the generator writes today', async () => {
  const written = await readFile(DOC_PATH, 'utf8');
  assert.ok(
    written === (await renderInputsDoc()),
    'docs/inputs.md is out of date: run node scripts/gen-inputs-doc.mjs',
  );
});

test('docs/inputs.md names every input with its link key and CLI flag', async () => {
  const written = await readFile(DOC_PATH, 'utf8');
  const { fields } = (await loadModule()).catalog();
  for (const f of fields) {
    const row = written.split('\n').find((line) => line.startsWith(`| \`${f.issueField}\` `));
    assert.ok(row, `no row for ${f.issueField}`);
    assert.ok(row.includes(`\`${f.linkKey}\``) && row.includes(`\`--${f.cliFlag}\``), row);
  }
});
