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

// A recompute mode named in an issue (its id, the layers per chunk of block recompute, the
// modules of Megatron's selective recompute) in the words of the form's choice, as
// components/recompute-label.ts words it (apart: importing it here gives it a chunk of its own).
function recomputeText(lang: Lang, params: Record<string, string>): string {
  const { recompute: id, recompute_layers: n, recompute_modules: modules } = params;
  if (id === 'full' && n) return translate(lang, 'choice.recompute.full_layers', { n });
  return id === 'selective' && modules && modules !== 'core_attn'
    ? translate(lang, 'choice.recompute.selective_modules', { modules })
    : translate(lang, `choice.recompute.${id}`);
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
