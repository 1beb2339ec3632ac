// The bad-input policy as data: for each kind of plan input (from the core's catalog), the hostile
// values a user or a link can give it and the issue code each must get. The Node test proves the
// module answers so, the page test types them, and docs/inputs.md is generated from the answers.

/** A value that is certainly not one of a text field's ids or choices. */
export const UNKNOWN_ID = 'no-such-id';
export const HTML_PAYLOAD = '<img src=x onerror=alert(1)>';
/** One character longer than the core accepts in a text input (kMaxTextCharacters). */
export const TOO_LONG = 'x'.repeat(201);

// The expected codes, written by hand for each hostile value and each kind of numeric input: a
// count that must be positive, (0, max]; a range with both ends allowed, [min, max]; whole numbers
// and flags (integer, [min, max]); a positive quantity with a smallest sensible value, number
// inputs of [min, max] with min > 0 (the article's inputs: a parameter, a megabyte). Which kind an input is, and whether a value lies inside its
// range, is read from the catalog (FieldSpec.min, max, minExclusive, type); nothing here repeats
// how the core decides.
//   `positive`: (0, max] inputs; `closed`: [min, max] inputs; `least`: number inputs of
//   [min, max] with min > 0, where zero and negatives are "not positive"; each maps "inside" (the value lies
//   within the input's range) and "outside" to a code, or gives one code for both.
const NUMBER_CASES = [
  { kind: 'not a number', text: 'abc', code: 'not_a_number' },
  { kind: 'NaN', text: 'NaN', code: 'not_a_number' },
  { kind: '+Infinity', text: 'Infinity', code: 'not_finite' },
  { kind: '−Infinity', text: '-Infinity', code: 'not_finite' },
  { kind: 'overflows a double', text: '1e309', code: 'not_finite' },
  // Every input is of a count or a share: none takes a negative value.
  {
    kind: 'negative',
    text: '-5',
    value: -5,
    positive: 'must_be_positive',
    closed: 'out_of_range',
    least: 'must_be_positive',
  },
  {
    kind: 'zero',
    text: '0',
    value: 0,
    positive: 'must_be_positive',
    closed: { inside: null, outside: 'out_of_range' },
    least: 'must_be_positive',
  },
  {
    kind: 'not a whole number',
    text: '2.5',
    value: 2.5,
    whole: 'not_integer', // integers and flags, in range or not
    positive: { inside: null, outside: 'too_large' },
    closed: { inside: null, outside: 'out_of_range' },
    least: { inside: null, outside: 'out_of_range' },
  },
  {
    kind: 'far too large',
    text: '1e30',
    value: 1e30,
    positive: 'too_large',
    closed: 'out_of_range',
    least: 'out_of_range',
  },
];

/** The range kind of a numeric input, from the catalog. */
function rangeKind(field) {
  if (field.minExclusive) {
    // The table above knows (0, max] only; another open range needs its own expectations.
    if (field.min !== 0) throw new Error(`${field.id}: no expectations for (${field.min}, max]`);
    return 'positive';
  }
  return field.type === 'number' && field.min > 0 ? 'least' : 'closed';
}

const inside = (field, value) =>
  (field.minExclusive ? value > field.min : value >= field.min) && value <= field.max;

function expectedCode(field, c) {
  if (c.code !== undefined) return c.code;
  if (c.whole && field.type !== 'number') return c.whole;
  const rule = c[rangeKind(field)];
  if (typeof rule === 'string') return rule;
  return inside(field, c.value) ? rule.inside : rule.outside;
}

/**
 * [{ kind, text, code, severity }] for a catalog field: every hostile value it must refuse with
 * `code` (null: accepted as valid, listed so that tests see it is not refused by mistake).
 */
export function hostileCases(field) {
  if (field.type === 'text') return textCases(field);
  return NUMBER_CASES.map((c) => {
    const code = expectedCode(field, c);
    return { kind: c.kind, text: c.text, code, severity: code ? 'error' : null };
  });
}

// Hand-written: what an unknown id is called in the text inputs that take preset ids; the other
// inputs with choices (from the catalog) call it unknown_choice, and free text takes anything.
const UNKNOWN_ID_CODES = { model: 'unknown_model', accelerator: 'unknown_accelerator' };

function textCases(field) {
  // The language and the embedded panels only change how the plan is shown: a warning.
  const unknownSeverity = field.group === 'general' ? 'warning' : 'error';
  const unknownCode =
    UNKNOWN_ID_CODES[field.issueField] ?? (field.choices.length > 0 ? 'unknown_choice' : null);
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
