import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';

interface Props {
  summary: ComponentChildren;
  testId?: string;
  children: () => ComponentChildren;
}

/**
 * A <details> whose content is built only once it is first opened: the page has about a hundred
 * inputs behind these summaries, and building them all at load (and on every keystroke) kept the
 * main thread busy for nothing.
 */
export function Disclosure({ summary, testId, children }: Props) {
  const [opened, setOpened] = useState(false);
  return (
    <details
      class="more"
      data-testid={testId}
      onToggle={(e) => {
        if ((e.currentTarget as HTMLDetailsElement).open) setOpened(true);
      }}
    >
      <summary>{summary}</summary>
      {opened && children()}
    </details>
  );
}
