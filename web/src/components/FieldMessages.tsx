import type { Issue } from '../core/types';
import { issueText } from '../i18n/issue-text';
import { useApp } from '../state/context';

/** The issues of one input, under it; the input points here with aria-describedby. */
export function FieldMessages({ id, issues }: { id: string; issues: Issue[] }) {
  const { lang } = useApp();
  if (issues.length === 0) return null;
  return (
    <ul id={id} class="field-messages">
      {issues.map((issue, i) => (
        <li key={i} class={issue.severity} data-testid="field-message">
          {issueText(lang.value, issue)}
        </li>
      ))}
    </ul>
  );
}

/** The issues of one input; its reader re-renders only when they change. */
export function useFieldIssues(issueField: string): Issue[] {
  return useApp().fieldIssues(issueField);
}
