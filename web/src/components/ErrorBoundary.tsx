import type { ComponentChildren } from 'preact';
import { useErrorBoundary } from 'preact/hooks';
import { translate, type Lang } from '../i18n/i18n';

interface Props {
  lang: Lang;
  onReset(): void;
  children: ComponentChildren;
}

/** Never a blank page: an unexpected failure shows what happened and a way back. */
export function ErrorBoundary({ lang, onReset, children }: Props) {
  const [error, resetError] = useErrorBoundary();
  if (!error) return <>{children}</>;
  return (
    <section class="panel fatal" role="alert">
      <h2>{translate(lang, 'fatal.title')}</h2>
      <p>{translate(lang, 'fatal.body')}</p>
      <pre class="fatal-detail">{String(error instanceof Error ? error.message : error)}</pre>
      <button
        type="button"
        onClick={() => {
          onReset();
          resetError();
        }}
      >
        {translate(lang, 'fatal.reset')}
      </button>
    </section>
  );
}
