// A message of web/src/i18n/*.json with its parameters, as the page fills it (web/src/i18n/
// i18n.ts, fill): {name}, and {name:one|other} by `one` where the value is exactly "1", else
// (a missing value too) by `other`.
export function fillMessage(pattern, params) {
  return pattern.replace(/\{(\w+)(?::([^|{}]*)\|([^{}]*))?\}/g, (whole, name, one, other) => {
    const value = Object.hasOwn(params, name) ? params[name] : undefined;
    if (one !== undefined) return String(value) === '1' ? one : other;
    return value == null ? whole : String(value);
  });
}
