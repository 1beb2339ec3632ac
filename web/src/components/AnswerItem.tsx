import type { ComponentChildren } from 'preact';

/** One figure of the answer: what it is, the number, and how it came about. */
export function AnswerItem({
  label,
  children,
  how,
  testId,
  tone,
}: {
  label: string;
  children: ComponentChildren;
  how?: ComponentChildren;
  testId: string;
  tone?: string;
}) {
  return (
    <div class={tone ? `answer-item ${tone}` : 'answer-item'}>
      <dt>{label}</dt>
      <dd class="answer-value" data-testid={testId}>
        {children}
      </dd>
      {how && <dd class="how">{how}</dd>}
    </div>
  );
}
