import { issueText } from '../i18n/issue-text';
import { useApp, useT } from '../state/context';

/** What could not be read from the link the page was opened with. The rest of the plan works. */
export function LinkIssues() {
  const app = useApp();
  const t = useT();
  const issues = app.linkIssues.value;
  if (issues.length === 0) return null;
  const hasError = issues.some((i) => i.severity === 'error');
  return (
    <section
      class={`panel notice ${hasError ? 'error' : 'warning'}`}
      role={hasError ? 'alert' : 'status'}
      data-testid="link-issues"
    >
      <h2>{t('ui.link_problems')}</h2>
      <ul>
        {app.linkIssues.value.map((issue, i) => (
          <li key={i}>{issueText(app.lang.value, issue)}</li>
        ))}
      </ul>
      <button type="button" class="secondary" onClick={() => app.dismissLinkIssues()}>
        {t('ui.dismiss')}
      </button>
    </section>
  );
}
