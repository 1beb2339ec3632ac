import { issueText } from '../i18n/issue-text';
import { useApp, useT } from '../state/context';

/** Every problem with the current inputs in one place, errors first. */
export function IssueSummary() {
  const app = useApp();
  const t = useT();
  const issues = [...app.report.value.issues].sort(
    (a, b) => Number(a.severity !== 'error') - Number(b.severity !== 'error'),
  );
  return (
    <div class="live" aria-live="polite" data-testid="issue-summary">
      {issues.length > 0 && (
        <section class="panel notice" aria-labelledby="issues-title">
          <h2 id="issues-title">{t('ui.problems', { n: issues.length })}</h2>
          <ul>
            {issues.map((issue, i) => (
              <li key={i} class={issue.severity} data-testid="issue">
                <span class="severity">{t(`ui.severity_${issue.severity}`)}</span>{' '}
                {issueText(app.lang.value, issue)}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
