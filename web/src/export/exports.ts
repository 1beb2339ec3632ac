// What the page exports, loaded only when asked for: the plan's key numbers as a Markdown table
// (for docs that cannot frame), the whole plan — every panel the page shows — as Markdown and as
// CSV, and the CLI's JSON documents. The numbers come from the core's
// report; this file only words and lays them out.
import { MEMORY_PARTS } from '../components/memory-parts';
import { STEP_LABELS } from '../components/step-labels';
import { layoutExtras } from '../components/layout-extras';
import { energyText } from '../components/energy-text';
import { comparesSteps, percentText, vsBestText } from '../components/share-text';
import { resolutionSentence } from '../components/search-resolution';
import { FLEET_DERIVATION_TITLE, fleetRows } from '../components/fleet-summary';
import type {
  DerivationStep,
  LayoutCandidate,
  MemoryBreakdown,
  PlanTexts,
  Report,
  SearchReport,
} from '../core/types';
import { formatNumber, formatParams, type Lang } from '../i18n/i18n';
import { recomputeLabel } from '../i18n/issue-text';
import { orNaN, withNaN } from '../core/unknown';

type T = (key: string, params?: Record<string, string | number>) => string;

/** The peak card against the card, in the verdict's words (fits, tight, does not fit). */
function peakSentence(m: MemoryBreakdown, t: T, n: (v: number | null) => string): string {
  return t(`ui.peak_${m.verdict}`, {
    peak: n(m.peakGb),
    card: n(m.cardMemoryGb),
    high: n(m.highGb),
    headroom: n(orNaN(m.headroom) * 100),
    margin: n(Math.abs(orNaN(m.freeGb))),
  });
}

/** The plan's key numbers as [label, value] rows, worded and formatted for `lang`. */
export function summaryRows(report: Report, lang: Lang, t: T): [string, string][] {
  const n = (v: number | null, digits = 2) => formatNumber(lang, v, digits);
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
    rows.push([t('ui.md_peak'), peakSentence(m, t, n)]);
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
    // The fleet at the target load: the page's serving answer.
    if (inference.fleet.found) rows.push(...fleetRows(inference, t, lang));
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

/** What an export holds: the report with the serving model, and the search when it ran. */
export interface ExportInput {
  report: Report;
  /** the layout search's report, when the plan asks one (cluster or deadline) and it ran */
  search?: SearchReport;
  lang: Lang;
  t: T;
  /** the plan's absolute share link */
  link: string;
}

/** One row of the CSV: section, id, title, formula, numbers, value, unit. */
type Row = [string, string, string, string, string, number | string | null, string];

/** Every number the page shows, one row each: derivations, time and cost, stages, search, serving. */
function rows({ report, search, t }: ExportInput): Row[] {
  const out: Row[] = [];
  const steps = (section: string, list: DerivationStep[]) => {
    for (const s of list) {
      out.push([section, s.id, t(`step.${s.id}`), s.formula, s.substitution, s.value, s.unit]);
    }
  };
  steps('training', report.articleTraining.steps);
  const training = report.training;
  if (training.available) steps('memory', training.steps);
  steps('time_derivation', training.timeSteps);
  steps('inference', report.articleInference.steps);
  if (report.inference.available) steps('serving', report.inference.steps);
  if (report.inference.fleet.found) steps('fleet', report.inference.fleet.steps);
  if (training.available) {
    training.stages.forEach((stage) => {
      const id = orNaN(stage.stage) + 1;
      const where = `${t('cli.col_stage')} ${id}`;
      for (const part of MEMORY_PARTS) {
        const name = part.key.replace(/Gb$/, '').toLowerCase();
        out.push([
          'stages',
          `${id}.${name}`,
          `${where}: ${t(part.label)}`,
          '',
          '',
          stage[part.key],
          'GB',
        ]);
      }
      out.push([
        'stages',
        `${id}.total`,
        `${where}: ${t('step.peak')}`,
        '',
        '',
        stage.totalGb,
        'GB',
      ]);
    });
  }
  if (training.timeAvailable) {
    const time = training.time;
    const add = (id: string, title: string, value: number | null, unit: string) =>
      out.push(['time', id, title, '', '', value, unit]);
    add('gpus', t('cli.col_gpus'), time.gpus, 'GPUs');
    add('step_s', t('ui.md_step_s'), time.stepS, 's');
    for (const part of time.parts) {
      add(`${part.id}_s`, STEP_LABELS[part.id] ? t(STEP_LABELS[part.id]) : part.id, part.s, 's');
    }
    add('tokens_per_s', t('ui.tokens_per_s'), time.tokensPerS, 'tokens/s');
    add('mfu', 'MFU', time.mfu, '');
    add('hfu', 'HFU', time.hfu, '');
    add('days', t('cli.col_days'), time.days, 'days');
    add('gpu_hours', t('cli.col_gpu_hours'), time.gpuHours, 'GPU-hours');
    add('cost', t('cli.col_cost'), time.cost, 'USD');
    add('energy_kwh', t('ui.energy'), time.energyKwh, 'kWh');
    add('days_at_mfu_30', t('ui.md_days_at_mfu', { mfu: 30 }), time.daysAtMfu30, 'days');
    add('days_at_mfu_40', t('ui.md_days_at_mfu', { mfu: 40 }), time.daysAtMfu40, 'days');
    add('days_at_mfu_50', t('ui.md_days_at_mfu', { mfu: 50 }), time.daysAtMfu50, 'days');
    // How far published runs like this plan were from it (time_band.hpp).
    const band = report.timeBand;
    if (band.available) {
      const ends = (
        id: string,
        title: string,
        low: number | null,
        high: number | null,
        unit: string,
      ) => {
        add(`${id}_low`, t('ui.md_band', { quantity: title, end: t('ui.md_band_low') }), low, unit);
        add(
          `${id}_high`,
          t('ui.md_band', { quantity: title, end: t('ui.md_band_high') }),
          high,
          unit,
        );
      };
      ends('step_s', t('ui.md_step_s'), band.stepLowS, band.stepHighS, 's');
      ends('days', t('cli.col_days'), band.daysLow, band.daysHigh, 'days');
      ends('cost', t('cli.col_cost'), band.costLow, band.costHigh, 'USD');
    }
  }
  if (search?.ran && search.search.found) {
    search.search.top.forEach((c, i) => {
      const rank = i + 1;
      const layout = `(${c.tp}, ${c.pp}, ${c.dp})`;
      const add = (id: string, title: string, value: number | string | null, unit: string) =>
        out.push(['search', `${rank}.${id}`, `#${rank} ${title}`, '', layout, value, unit]);
      add('tp', 'TP', c.tp, '');
      add('pp', 'PP', c.pp, '');
      add('dp', 'DP', c.dp, '');
      add('cp', 'CP', c.cp, '');
      add('ep', 'EP', c.ep, '');
      add('etp', 'ETP', c.etp, '');
      add('vpp', 'VPP', c.vpp, '');
      add('stage_layers', t('field.stage_layers'), c.stageLayers || null, '');
      add('gpus', t('cli.col_gpus'), c.gpus, 'GPUs');
      add('global_batch', t('field.global_batch'), c.globalBatch, 'sequences');
      add('micro_batch', t('field.micro_batch'), c.microBatch, '');
      add('zero', 'ZeRO', c.zero, '');
      add('recompute', t('field.recompute'), c.recompute, '');
      add('recompute_layers', t('field.recompute_layers'), c.recomputeLayers ?? null, '');
      add('recompute_modules', t('field.recompute_modules'), c.recomputeModules || null, '');
      add('sequence_parallel', t('field.sequence_parallel'), c.sequenceParallel ? 1 : 0, '');
      add('peak_gb', t('cli.col_peak'), c.peakGb, 'GB');
      add('step_s', t('ui.md_step_s'), c.stepS, 's');
      add('step_vs_best', t('cli.col_vs_best'), c.stepVsBest ?? null, '');
      add('mfu', 'MFU', c.mfu, '');
      add('days', t('cli.col_days'), c.days, 'days');
      add('gpu_hours', t('cli.col_gpu_hours'), c.gpuHours, 'GPU-hours');
      add('cost', t('cli.col_cost'), c.cost, 'USD');
    });
  }
  const inf = report.inference;
  if (inf.available) {
    const add = (id: string, title: string, value: number | null, unit: string) =>
      out.push(['serving_summary', id, title, '', '', value, unit]);
    add('total_gpus', t('cli.col_gpus'), inf.totalGpus, 'GPUs');
    add('tp', 'TP', inf.tp, '');
    add('replicas', t('ui.md_replicas'), inf.replicas, '');
    add('per_card_gb', t('ui.md_per_card'), inf.perCardGb, 'GB');
    add('fits', t('ui.verdict'), inf.fits ? 1 : 0, '');
    add('max_concurrency', t('ui.answer_concurrency'), inf.maxConcurrency, 'sequences');
    add('decode_tokens_per_s', t('ui.answer_decode'), inf.throughput.decodeTokensPerS, 'tokens/s');
    add('prefill_s', t('ui.md_prefill_s'), inf.throughput.prefillS, 's');
  }
  return out;
}

/**
 * Every number the page shows as CSV, one per row (section,step,title,formula,numbers,value,unit):
 * the derivations, memory per stage, time and cost, the search's best layouts and the serving
 * figures. Plain numbers (a "." decimal point); a BOM so spreadsheets read it as UTF-8.
 */
export function planCsv(input: ExportInput): string {
  const lines = [['section', 'step', 'title', 'formula', 'numbers', 'value', 'unit'].join(',')];
  for (const row of rows(input)) lines.push(row.map(csvField).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** A Markdown table of `head` and `body` (cells escaped; numbers right-aligned where `right`). */
function table(head: string[], body: string[][], right: boolean[] = []): string[] {
  const cell = (text: string) => markdownCell(text) || ' ';
  return [
    `| ${head.map(cell).join(' | ')} |`,
    `| ${head.map((_, i) => (right[i] ? '---:' : '---')).join(' | ')} |`,
    ...body.map((r) => `| ${r.map(cell).join(' | ')} |`),
    '',
  ];
}

/**
 * The whole plan as a Markdown document: the key numbers first (the table Embed… gives), then
 * every panel — memory per stage, time and cost, the search, serving — and the derivations.
 */
export function markdownReport(input: ExportInput): string {
  const { report, search, lang, t, link } = input;
  const n = (v: number | null | undefined, digits = 2) =>
    formatNumber(lang, v ?? undefined, digits);
  const percent = (share: number | null | undefined) => percentText(lang, share);
  const lines: string[] = [markdownTable(summaryRows(report, lang, t), link, t).trimEnd(), ''];
  const section = (title: string) => lines.push(`## ${markdownCell(title)}`, '');
  const derivation = (steps: DerivationStep[]) =>
    lines.push(
      ...table(
        ['#', t('ui.col_step'), t('ui.col_formula'), t('ui.col_numbers'), t('ui.col_value')],
        steps.map((s, i) => [
          String(i + 1),
          t(`step.${s.id}`),
          s.formula,
          s.substitution,
          `${n(s.value, 4)}${s.unit && Number.isFinite(s.value) ? ` ${t(`unit.${s.unit}`, { n: s.value ?? NaN })}` : ''}`,
        ]),
        [true, false, false, false, true],
      ),
    );
  const training = report.training;
  if (training.available) {
    section(t('ui.memory_title'));
    lines.push(
      markdownCell(peakSentence(training.memory, t, n)),
      '',
      ...table(
        [
          t('cli.col_stage'),
          t('cli.col_layers'),
          ...MEMORY_PARTS.map((p) => t(p.label)),
          t('cli.col_total'),
        ],
        training.stages.map((s) => [
          String(orNaN(s.stage) + 1),
          String(s.layers),
          ...MEMORY_PARTS.map((p) => n(s[p.key])),
          n(s.totalGb),
        ]),
        [true, true, ...MEMORY_PARTS.map(() => true), true],
      ),
    );
  }
  if (training.timeAvailable) {
    const time = withNaN(training.time);
    const band = withNaN(report.timeBand);
    section(t('ui.time_title'));
    lines.push(
      ...table(
        [t('ui.md_quantity'), t('ui.md_value')],
        [
          [t('cli.col_gpus'), n(time.gpus, 0)],
          [t('ui.md_step_s'), n(time.stepS, 3)],
          ...(band.available
            ? [
                [
                  t('ui.md_band', { quantity: t('ui.md_step_s'), end: t('ui.md_band_range') }),
                  `${n(band.stepLowS, 2)}–${n(band.stepHighS, 2)}`,
                ],
              ]
            : []),
          ...time.parts.map((part) => [
            STEP_LABELS[part.id] ? t(STEP_LABELS[part.id]) : part.id,
            n(part.s, 3),
          ]),
          [t('ui.tokens_per_s'), n(time.tokensPerS, 0)],
          ['MFU / HFU', `${n(time.mfu * 100, 1)}% / ${n(time.hfu * 100, 1)}%`],
          [t('cli.col_days'), n(time.days, 1)],
          [t('cli.col_gpu_hours'), n(time.gpuHours, 0)],
          [t('cli.col_cost'), Number.isFinite(time.cost ?? NaN) ? `$${n(time.cost, 0)}` : '—'],
          [t('ui.energy'), energyText(time.energyKwh, n)],
        ],
        [false, true],
      ),
    );
  }
  if (search?.ran) {
    section(t('ui.search_title'));
    const s = search.search;
    lines.push(
      markdownCell(
        t('ui.md_search_summary', { evaluated: n(s.evaluated, 0), feasible: n(s.feasible, 0) }),
      ),
      '',
    );
    if (s.found) {
      // Each column: its header, its cell and whether it is numeric (right-aligned).
      type Column = [string, (c: LayoutCandidate) => string, boolean];
      const vsBest: Column[] = comparesSteps(s.top)
        ? [[t('cli.col_vs_best'), (c) => vsBestText(lang, c.stepVsBest), true]]
        : [];
      const columns: Column[] = [
        ['(TP, PP, DP)', (c) => `(${c.tp}, ${c.pp}, ${c.dp}) ${layoutExtras(c)}`.trim(), false],
        [t('cli.col_gpus'), (c) => n(c.gpus, 0), true],
        [t('field.global_batch'), (c) => n(c.globalBatch, 0), true],
        [t('field.micro_batch'), (c) => String(c.microBatch), true],
        ['ZeRO', (c) => String(c.zero), true],
        [
          t('field.recompute'),
          (c) => recomputeLabel(t, c.recompute, c.recomputeLayers, c.recomputeModules),
          false,
        ],
        [t('cli.col_peak'), (c) => `${n(c.peakGb, 1)} GB`, true],
        ['MFU', (c) => percent(c.mfu), true],
        ...vsBest,
        [t('cli.col_days'), (c) => n(c.days, 1), true],
        [
          t('cli.col_cost'),
          (c) => (Number.isFinite(c.cost ?? NaN) ? `$${n(c.cost, 0)}` : '—'),
          true,
        ],
      ];
      lines.push(
        ...table(
          columns.map(([header]) => header),
          s.top.map((c) => columns.map(([, cell]) => cell(c))),
          columns.map(([, , numeric]) => numeric),
        ),
      );
      const res = search.resolution;
      if (res?.available) {
        lines.push('', markdownCell(resolutionSentence(res, t, n, percent)));
      }
    }
  }
  const inf = report.inference;
  if (inf.available) {
    section(t('ui.serving_title'));
    const card = inf.perCard;
    lines.push(
      ...table(
        [t('ui.md_quantity'), t('ui.md_value')],
        [
          [
            t('ui.md_serving'),
            t('ui.serving_layout', {
              tp: n(inf.tp),
              replicas: n(inf.replicas),
              total: n(inf.totalGpus),
            }),
          ],
          [
            t('ui.md_per_card'),
            `${n(inf.perCardGb)} GB / ${n(card.cardMemoryGb)} GB · ${t(inf.fits ? 'ui.serving_fits' : 'ui.serving_does_not_fit')}`,
          ],
          [t('ui.answer_concurrency'), n(inf.maxConcurrency, 0)],
          [t('ui.answer_decode'), `${n(inf.throughput.decodeTokensPerS, 0)} tokens/s`],
          [t('ui.md_prefill_s'), `${n(inf.throughput.prefillS, 3)} s`],
          ...(inf.fleet.found ? fleetRows(inf, t, lang) : []),
        ],
        [false, true],
      ),
    );
  }
  section(t('ui.training_title'));
  derivation(report.articleTraining.steps);
  if (training.available) {
    section(t('ui.md_memory_derivation'));
    derivation(training.steps);
  }
  if (training.timeSteps.length > 0) {
    section(t('ui.time_working'));
    derivation(training.timeSteps);
  }
  section(t('ui.inference_title'));
  derivation(report.articleInference.steps);
  if (inf.available) {
    section(t('ui.md_serving_derivation'));
    derivation(inf.steps);
  }
  if (inf.fleet.found) {
    section(t(FLEET_DERIVATION_TITLE));
    derivation(inf.fleet.steps);
  }
  return `${lines.join('\n').trimEnd()}\n`;
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
