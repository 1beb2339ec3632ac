// Checks the validation sections' tests share: the README read as one line of text, a row's
// link reopened as its plan, a device folder's provenance naming the versions it ran.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';

/** README.md with every run of whitespace as one space, so figures match across line breaks. */
export async function readFlatReadme() {
  const readme = await readFile(new URL('../../README.md', import.meta.url), 'utf8');
  return readme.replace(/\s+/g, ' ');
}

/** The row's link is its plan: opening it gives the same memory and step time. */
export function assertLinkReopens(core, row) {
  const { texts, issues } = core.decodeLink(row.link);
  assert.deepEqual(issues, []);
  const reopened = core.evaluate(texts).training;
  assert.equal(reopened.memory.allocatedGb, row.predictedGb, row.id);
  assert.equal(reopened.time.stepS, row.predictedStepS, row.id);
}

/**
 * A measured device's data folder (validation/data/<folder>/) names, in its README.md, the torch
 * and transformers versions its runs recorded, and the runs were taken on the card `gpu` names.
 */
export async function assertDataReadmeNamesVersions(folder, environment, gpu) {
  const readme = await readFile(
    new URL(`../../validation/data/${folder}/README.md`, import.meta.url),
    'utf8',
  );
  assert.match(environment.gpu, gpu);
  for (const text of [environment.torch, environment.transformers]) {
    assert.ok(readme.includes(text.split('+')[0]), `README.md names ${text}`);
  }
}
