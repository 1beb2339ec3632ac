import { useEffect, useRef, useState } from 'preact/hooks';
import { useApp, useT } from '../state/context';
import { ShownInPath } from './field-placement';
import { MoreInputs } from './MoreInputs';
import { pathFields, PathInputs } from './PathInputs';
import { usePhone } from './use-phone';

/**
 * The inputs: the question's short path first, then every other input — beside the results on a
 * wide screen, in a sheet opened from the path on a phone (where the results come first).
 */
export function PlanForm() {
  const app = useApp();
  const t = useT();
  const phone = usePhone();
  const known = new Set(app.core.catalog.fields.map((f) => f.id));
  const inPath = new Set(pathFields(app.question.value, known));
  return (
    <form class="plan-form" onSubmit={(e) => e.preventDefault()} aria-labelledby="inputs-title">
      <h2 id="inputs-title">{t('ui.inputs')}</h2>
      <PathInputs />
      <ShownInPath.Provider value={inPath}>
        {phone ? (
          <InputsSheet />
        ) : (
          <>
            <h3 class="more-title">{t('ui.more_inputs')}</h3>
            <MoreInputs />
          </>
        )}
      </ShownInPath.Provider>
      <button type="button" class="secondary" onClick={() => app.reset()} data-testid="reset">
        {t('ui.reset')}
      </button>
    </form>
  );
}

/** On a phone: every other input in a sheet over the page, built when first opened. */
function InputsSheet() {
  const t = useT();
  const [open, setOpen] = useState(false);
  const sheet = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const dialog = sheet.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    const onClose = () => {
      setOpen(false);
      opener.current?.focus();
    };
    dialog.addEventListener('close', onClose);
    return () => dialog.removeEventListener('close', onClose);
  }, [open]);
  return (
    <>
      <button
        ref={opener}
        type="button"
        class="secondary sheet-open"
        aria-haspopup="dialog"
        data-testid="open-inputs"
        onClick={() => setOpen(true)}
      >
        {t('ui.more_inputs')}
      </button>
      {open && (
        <dialog ref={sheet} class="sheet" aria-labelledby="sheet-title" data-testid="inputs-sheet">
          <div class="sheet-head">
            <h2 id="sheet-title">{t('ui.more_inputs')}</h2>
            <button type="button" onClick={() => sheet.current?.close()} data-testid="close-inputs">
              {t('ui.done')}
            </button>
          </div>
          <MoreInputs />
        </dialog>
      )}
    </>
  );
}
