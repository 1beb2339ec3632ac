// docs/validation.md is generated from the data in validation/data/ through the real module; this
// fails when a model or the data changed and the page was not regenerated.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { DOC_PATH, renderValidationDoc } from '../../scripts/gen-validation.mjs';

test('docs/validation.md is what the generator writes today', async () => {
  const written = await readFile(DOC_PATH, 'utf8');
  assert.ok(
    written === (await renderValidationDoc()),
    'docs/validation.md is out of date: run node scripts/gen-validation.mjs',
  );
});
