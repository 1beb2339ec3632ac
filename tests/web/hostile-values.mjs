// The bad-input policy as data: for each kind of plan input (from the core's catalog), the hostile
// values a user or a link can give it and the issue code each must get. The Node test proves the
// module answers so, the page test types them, and docs/inputs.md is generated from the answers.

/** A value that is certainly not one of a text field's ids or choices. */
export const UNKNOWN_ID = 'no-such-id';
export const HTML_PAYLOAD = '<img src=x onerror=alert(1)>';
/** One character longer than the core accepts in a text input (kMaxTextCharacters). */
export const TOO_LONG = 'x'.repeat(201);

const inRange = (field, value) =>
  (field.minExclusive ? value > field.min : value >= field.min) && value <= field.max;

/** The code a number typed for `field` must get, or null when the value is valid there. */
function numberCode(field, value) {
  if (Number.isNaN(value)) return 'not_a_number';
  if (!Number.isFinite(value)) return 'not_finite';
  if (
    value <= 0 &&
    ((field.type === 'number' && field.min > 0) || (field.minExclusive && field.min === 0))
  )
    return 'must_be_positive';
  if (field.type !== 'number' && !Number.isInteger(value)) return 'not_integer';
  if (inRange(field, value)) return null;
  return field.minExclusive ? 'too_large' : 'out_of_range';
}

/**
 * [{ kind, text, code, severity }] for a catalog field: every hostile value it must refuse with
 * `code` (null: accepted as valid, listed so that tests see it is not refused by mistake).
 */
export function hostileCases(field) {
  if (field.type === 'text') return textCases(field);
  const cases = [
    { kind: 'not a number', text: 'abc', code: 'not_a_number' },
    { kind: 'NaN', text: 'NaN', code: 'not_a_number' },
    { kind: '+Infinity', text: 'Infinity', code: 'not_finite' },
    { kind: '−Infinity', text: '-Infinity', code: 'not_finite' },
    { kind: 'overflows a double', text: '1e309', code: 'not_finite' },
    { kind: 'negative', text: '-5', code: numberCode(field, -5) },
    { kind: 'zero', text: '0', code: numberCode(field, 0) },
    { kind: 'not a whole number', text: '2.5', code: numberCode(field, 2.5) },
    { kind: 'far too large', text: '1e30', code: numberCode(field, 1e30) },
  ];
  return cases.map((c) => ({ ...c, severity: c.code ? 'error' : null }));
}

function textCases(field) {
  // The language and the embedded panels only change how the plan is shown: a warning.
  const unknownSeverity = field.group === 'general' ? 'warning' : 'error';
  const unknownCode =
    field.issueField === 'model'
      ? 'unknown_model'
      : field.issueField === 'accelerator'
        ? 'unknown_accelerator'
        : field.choices.length > 0
          ? 'unknown_choice'
          : null;
  const cases = [
    { kind: 'too long', text: TOO_LONG, code: 'text_too_long', severity: 'error' },
    { kind: 'unknown id', text: UNKNOWN_ID, code: unknownCode, severity: unknownSeverity },
    { kind: 'HTML', text: HTML_PAYLOAD, code: unknownCode, severity: unknownSeverity },
  ];
  // A stage list must be whole numbers, one per stage, adding up to the layers; a prefill:decode
  // ratio two whole numbers with a colon.
  const malformed = { stage_layers: 'stage_layers_invalid', pd_ratio: 'pd_ratio_invalid' };
  if (Object.hasOwn(malformed, field.issueField)) {
    for (const c of cases.slice(1)) {
      c.code = malformed[field.issueField];
      c.severity = 'error';
    }
  }
  return cases.map((c) => (c.code ? c : { ...c, severity: null }));
}

/** The plan texts a case is tried in: a preset with an architecture, so every check runs. */
export function casePlan(field, text) {
  const plan = { model: 'llama-3.1-8b', accelerator: 'h100-80g', [field.id]: text };
  // Stage lists are read against a pipeline; the accelerator name shows only for a custom card.
  if (field.issueField === 'stage_layers') plan.pp = '4';
  // A parameter count is checked against an architecture; alone it stands for a custom model.
  if (field.issueField === 'params') plan.model = 'custom';
  return plan;
}
