// Issues (codes from the core) as sentences: the page names a field by its label.
import type { Issue } from '../core/types';
import {
  hasMessage,
  loadIssueMessages,
  messagePending,
  messagesVersion,
  translate,
  type Lang,
} from './i18n';

export function fieldLabel(lang: Lang, issueField: string): string {
  return issueField ? translate(lang, `field.${issueField}`) : '';
}

// A recompute mode named in an issue (its id, and the layers per chunk of block recompute) in
// the words of the form's choice.
function recomputeText(lang: Lang, params: Record<string, string>): string {
  const id = params.recompute;
  if (id === 'full' && params.recompute_layers) {
    return translate(lang, 'choice.recompute.full_layers', { n: params.recompute_layers });
  }
  return translate(lang, `choice.recompute.${id}`);
}

export function issueText(lang: Lang, issue: Issue): string {
  const params: Record<string, string> = { ...issue.params };
  if (params.unit) params.unit = ` ${translate(lang, `unit.${params.unit}`)}`;
  if (params.recompute) params.recompute = recomputeText(lang, params);
  if (issue.params.field === undefined) params.field = fieldLabel(lang, issue.field);
  const key = `issue.${issue.code}`;
  // Read during a render, this re-renders the issue when its message arrives.
  void messagesVersion.value;
  if (messagePending(key)) {
    void loadIssueMessages().catch(() => undefined);
    return '…';
  }
  // A code this page has no message for (a newer core, or a bug) is said to be one, in words.
  return hasMessage(key)
    ? translate(lang, key, params)
    : translate(lang, 'ui.unknown_issue', { code: issue.code });
}
