import { useState } from 'preact/hooks';
import type { LaunchCommands as Commands } from '../core/types';
import { useT } from '../state/context';

const ENGINES = [
  ['vllm', 'vLLM'],
  ['sglang', 'SGLang'],
  ['trtllm', 'TensorRT-LLM'],
  ['megatron', 'Megatron-LM'],
  ['nemo', 'NeMo'],
] as const;

/**
 * The plan as command lines: the fleet's replica for each engine, and the training layout for
 * Megatron-LM and NeMo, each with a copy button (docs/serving.md maps every flag).
 */
export function LaunchCommands({ launch }: { launch: Commands }) {
  const t = useT();
  const [engine, setEngine] = useState<(typeof ENGINES)[number][0]>('vllm');
  const [copied, setCopied] = useState('');
  const shown = ENGINES.filter(([id]) => launch[id] !== '');
  const text = launch[engine];
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(t('ui.copied'));
    } catch {
      setCopied(t('ui.copy_failed'));
    }
  };
  return (
    <section class="launch" aria-labelledby="launch-title" data-testid="launch-commands">
      <h3 id="launch-title">{t('ui.fleet_launch')}</h3>
      <div class="segmented" role="radiogroup" aria-labelledby="launch-title">
        {shown.map(([id, name]) => (
          <label key={id} class="check">
            <input
              type="radio"
              name="launch-engine"
              checked={engine === id}
              data-testid={`launch-${id}`}
              onChange={() => {
                setEngine(id);
                setCopied('');
              }}
            />
            {name}
          </label>
        ))}
      </div>
      <pre class="command" data-testid="launch-text">
        <code>{text}</code>
      </pre>
      <button type="button" class="secondary" onClick={copy} data-testid="launch-copy">
        {t('ui.fleet_copy')}
      </button>{' '}
      <span role="status">{copied}</span>
    </section>
  );
}
