// What the page exports, loaded only when asked for: the plan's key numbers as a Markdown table,
// every derivation step as CSV, and the CLI's JSON documents. The numbers come from the core's
// report; this file only words and lays them out.
import type { DerivationStep, PlanTexts, Report } from '../core/types';
import { formatNumber, formatParams, type Lang } from '../i18n/i18n';

type T = (key: string, params?: Record<string, string | number>) => string;

/** The plan's key numbers as [label, value] rows, worded and formatted for `lang`. */
export function summaryRows(report: Report, lang: Lang, t: T): [string, string][] {
  const n = (v: number, digits = 2) => formatNumber(lang, v, digits);
  const { setup, articleTraining: tr, articleInference: inf, training, inference } = report;
  const rows: [string, string][] = [
    [
      t('field.model'),
      `${setup.modelName || t('ui.custom_model')} · ${formatParams(lang, setup.params)}`,
    ],
    [
      t('field.accelerator'),
      `${setup.acceleratorName || t('ui.custom_accelerator')} · ${t('ui.gb', { n: n(setup.cardMemoryGb) })}`,
    ],
    [t('ui.md_train_layout'), `(${n(tr.tp)}, ${n(tr.pp)}, ${n(tr.dp)})`],
    [t('ui.md_train_gpus'), n(tr.totalGpus)],
  ];
  if (training.available) {
    const m = training.memory;
    rows.push([
      t('ui.md_peak'),
      t(`ui.peak_${m.verdict}`, {
        peak: n(m.peakGb),
        card: n(m.cardMemoryGb),
        high: n(m.highGb),
        headroom: n(m.headroom * 100),
        margin: n(Math.abs(m.freeGb)),
      }),
    ]);
  }
  rows.push([t('ui.md_infer_min'), n(inf.minGpus)]);
  if (inference.available) {
    const layout = t('ui.serving_layout', {
      tp: n(inference.tp),
      replicas: n(inference.replicas),
      total: n(inference.totalGpus),
    });
    const fits = t(inference.fits ? 'ui.serving_fits' : 'ui.serving_does_not_fit');
    rows.push([
      t('ui.md_serving'),
      `${layout} · ${t('ui.gb', { n: n(inference.perCardGb) })} · ${fits}`,
    ]);
  }
  return rows;
}

/** Text safe in a Markdown table cell: no column breaks, no markup, no raw HTML. */
export function markdownCell(text: string): string {
  return text.replace(/[\\`*_[\]<>|]/g, (c) => `\\${c}`).replace(/\s+/g, ' ');
}

export function markdownTable(rows: [string, string][], link: string, t: T): string {
  const lines = [
    `| ${markdownCell(t('ui.md_quantity'))} | ${markdownCell(t('ui.md_value'))} |`,
    '| --- | ---: |',
    ...rows.map(([label, value]) => `| ${markdownCell(label)} | ${markdownCell(value)} |`),
    '',
    `[${markdownCell(t('ui.md_open'))}](${link.replace(/[()\s]/g, encodeURIComponent)})`,
  ];
  return `${lines.join('\n')}\n`;
}

/** A CSV field: quoted when needed, and never read as a formula by a spreadsheet. */
export function csvField(value: string | number | null): string {
  if (value === null || (typeof value === 'number' && !Number.isFinite(value))) return '';
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Every step of every derivation, one row each; a BOM so spreadsheets read it as UTF-8. */
export function derivationCsv(report: Report, t: T): string {
  const sections: [string, DerivationStep[]][] = [
    ['training', report.articleTraining.steps],
    ['memory', report.training.available ? report.training.steps : []],
    ['inference', report.articleInference.steps],
    ['serving', report.inference.available ? report.inference.steps : []],
  ];
  const rows = [['section', 'step', 'title', 'formula', 'numbers', 'value', 'unit'].join(',')];
  for (const [section, steps] of sections) {
    for (const s of steps) {
      const fields = [section, s.id, t(`step.${s.id}`), s.formula, s.substitution];
      rows.push([...fields.map(csvField), csvField(s.value), csvField(s.unit)].join(','));
    }
  }
  return `\uFEFF${rows.join('\r\n')}\r\n`;
}

/** "llm-sizer-gpt3-175b-h100-80g": a file name from the plan's preset ids. */
export function fileBase(texts: PlanTexts): string {
  const id = (text: string | undefined) => (text || 'custom').replace(/[^a-zA-Z0-9.-]+/g, '-');
  return `llm-sizer-${id(texts.model)}-${id(texts.accelerator)}`;
}

export function download(fileName: string, type: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
