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

/**
 * A recompute mode in the words of the form's choice: "Full (every layer)", full recompute of
 * only the first N layers of each pipeline chunk, or selective recompute of Megatron's `modules`
 * where they are more than the attention core. The issues that name a layout word it so, and so
 * do the views (the answer card, the fit options, the search's rows and exports): here, in the
 * first visit's chunk they all load, it costs no chunk of its own.
 */
export function recomputeLabel(
  t: (key: string, params?: Record<string, string | number>) => string,
  recompute: string,
  layers: number | null | undefined,
  modules?: string,
): string {
  if (recompute === 'full' && layers != null && Number.isFinite(layers)) {
    return t('choice.recompute.full_layers', { n: layers });
  }
  return recompute === 'selective' && modules && modules !== 'core_attn'
    ? t('choice.recompute.selective_modules', { modules })
    : t(`choice.recompute.${recompute}`);
}

// A recompute mode named in an issue: its id, the layers per chunk of block recompute and the
// modules of Megatron's selective recompute, as the core writes them into the issue's params.
function recomputeText(lang: Lang, params: Record<string, string>): string {
  return recomputeLabel(
    (key, values) => translate(lang, key, values),
    params.recompute,
    params.recompute_layers ? Number(params.recompute_layers) : null,
    params.recompute_modules,
  );
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
