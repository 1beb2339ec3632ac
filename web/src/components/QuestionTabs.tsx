import type { Question } from '../state/app-state';
import { useApp, useT } from '../state/context';

const QUESTIONS: readonly Question[] = ['train', 'finetune', 'serve'];

/**
 * What the page is asked first: train from scratch, fine-tune or serve (the plan's `question`,
 * kept in the link), and the article's method in its own view.
 */
export function QuestionTabs() {
  const app = useApp();
  const t = useT();
  const question = app.question.value;
  const article = app.articleView.value;
  const choose = (q: Question) => {
    app.articleView.value = false;
    // "train" is what an empty question means: the link then stays as short as before.
    app.setText('question', q === 'train' ? '' : q);
  };
  return (
    <nav class="questions" aria-label={t('ui.question_nav')}>
      <div class="question-buttons" role="group" aria-label={t('field.question')}>
        {QUESTIONS.map((q) => (
          <button
            key={q}
            type="button"
            aria-pressed={!article && question === q}
            data-testid={`question-${q}`}
            onClick={() => choose(q)}
          >
            {t(`choice.question.${q}`)}
          </button>
        ))}
      </div>
      <button
        type="button"
        class="article-switch"
        aria-pressed={article}
        data-testid="open-article"
        onClick={() => (app.articleView.value = !article)}
      >
        {t('ui.article_method')}
      </button>
    </nav>
  );
}
