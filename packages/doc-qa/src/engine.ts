import { causeIn, explanation, listItems, polarity, rankSentences } from './analyst';
import { type AnalystAsk, parseAnalystQuestion } from './analyst-question';
import type { Hit } from './bm25';
import { type ChunkOptions, chunkDocument, type Passage } from './chunk';
import {
  asksCount,
  chooseOperation,
  chooseScale,
  fittedLabels,
  fittedList,
  rescaledText,
  type ScaleInput,
  TABLE_READER,
  type TableReaderModel,
} from './fitted-reader';
import { CUE_WORDS, type Operation, operationOf, type QuestionKind, questionKind } from './kinds';
import R1_WEIGHTS from './r1-weights.json';
import { type Candidate, type QuestionTerms, questionType, readR0 } from './reader';
import { DEFAULT_MIN_SUPPORT, type R1Weights, readR1 } from './reader-r1';
import { reflowStatements } from './reflow';
import { respectiveFigures } from './respectively';
import { PassageIndex, prefixesOf } from './retrieval';
import { formSpan, SPAN_FORM, type SpanFormModel, type SpanInput } from './span-form';
import {
  answerGrowth,
  answerItem,
  answerMetric,
  answerMetricChange,
  findItem,
  itemOf,
  type MetricAnswer,
  metricOf,
} from './statement-metrics';
import { asksRespectively, asksYearsCovered, type ListAnswer, respectively, yearsCovered } from './table-lists';
import {
  type CellRef,
  choose,
  compute,
  countPast,
  lookup,
  matchRows,
  moved,
  periodsPast,
  questionYears,
  type RowMatch,
  type TableAnswer,
  type Weighted,
} from './table-qa';
import { findTables, type Table } from './tables';
import { terms } from './text';

/** A passage shown as evidence, with the answer span inside it when there is one. */
export interface Evidence {
  page: number;
  text: string;
  start: number;
  end: number;
  /** The answer inside `text`, as [start, end) offsets, or null. */
  highlight: { start: number; end: number } | null;
  /** A table (header and rows) rather than running text: shown with its columns kept. */
  table?: boolean;
}

/** What `answer(question)` returns: an answer with its evidence, or null when nothing supports one. */
export interface AnswerResult {
  answer: string | null;
  /** Reader confidence, 0–1 (higher is better). */
  score: number;
  passage: Evidence | null;
  page: number | null;
  highlight: { start: number; end: number } | null;
  alternatives: Evidence[];
  /** What the question asks for, which decides the form of the answer. */
  kind: QuestionKind;
  /** The sentences that state a cause or decide a Yes/No, quoted as the document says them. */
  quote: { text: string; page: number } | null;
  /** How a computed figure was reached, or the figures a choice compared. */
  formula: string | null;
  cells: CellRef[];
  items: string[] | null;
  /** The figure of a numeric answer, in `scale` units, for checking against references. */
  figure: { value: number; scale: string } | null;
  lookedFor: string | null;
  /** An answer given with a score under LOW_CONFIDENCE: shown with a word to check the passage. */
  lowConfidence: boolean;
}

/** Answers scored under this are flagged (a table read by a weak row match, a guessed reading). */
export const LOW_CONFIDENCE = 0.3;

/**
 * A text answer whose sentence holds less than this share of the question's weighted words is flagged too: the
 * span reader's own score is near 1 for most answers, right or wrong. On SQuAD questions asked of their whole
 * article this flags 23% of the answers, which score F1 0.45 against 0.62 for the others.
 */
export const LOW_SUPPORT = 0.6;

/** Flags an answer whose score is under LOW_CONFIDENCE (or already flagged); a decline is never flagged. */
export function withConfidence(r: AnswerResult): AnswerResult {
  return { ...r, lowConfidence: r.answer !== null && (r.lowConfidence || r.score < LOW_CONFIDENCE) };
}

export interface DocQaOptions extends ChunkOptions {
  readDepth?: number;
  /** Decline below this share of the question's weighted terms in the answer's sentence (default: R1's, 0.3 for R0). */
  minSupport?: number;
  /** Span reader: R1 (learned, the default) or R0 (hand-weighted, also R1's fallback). */
  reader?: 'r0' | 'r1';
  r1Weights?: R1Weights;
  /** The table reader's fitted operation and scale choices (default: the shipped table-reader.json). */
  tableReader?: TableReaderModel;
  /** Called with what the scale model reads for each figure from a table (to fit the model on). */
  observeScale?: (input: ScaleInput) => void;
  /** How much of its sentence a span answer takes, on documents with tables (default: the shipped span-form.json). */
  spanForm?: SpanFormModel;
  /** Called with each span the reader picks, before its form is chosen (to fit the form model on). */
  observeSpan?: (input: SpanInput) => void;
}

export interface ReaderInput {
  passages: Passage[];
  scores: number[];
  qTerms: QuestionTerms;
}

export interface DocQaEngine {
  readonly passages: readonly Passage[];
  readonly tables: readonly Table[];
  retrieve(question: string, limit: number): Hit[];
  /** The passages and question words the span reader reads (for training and evaluation). */
  readerInput(question: string): ReaderInput;
  answer(question: string): AnswerResult;
}

function evidence(p: Passage, c: { start: number; end: number } | null): Evidence {
  return {
    page: p.page,
    text: p.text,
    start: p.start,
    end: p.end,
    highlight: c ? { start: c.start, end: c.end } : null,
  };
}

function tableEvidence(doc: string, table: Table, cells: readonly CellRef[]): Evidence {
  const text = doc.slice(table.start, table.end);
  const first = cells[0];
  return {
    page: table.page,
    text,
    start: table.start,
    end: table.end,
    highlight: first ? { start: first.start - table.start, end: first.end - table.start } : null,
    table: true,
  };
}

const EMPTY = {
  quote: null,
  formula: null,
  cells: [],
  items: null,
  figure: null,
  lookedFor: null,
  lowConfidence: false,
} satisfies Partial<AnswerResult>;

// Tables win over text for a figure when the question names their row this well.
const ROW_MATCH = 0.62;

interface Indexed {
  text: string;
  passages: Passage[];
  tables: Table[];
  index: PassageIndex;
  readDepth: number;
  minSupport: number;
  r1: R1Weights | null;
  tableReader: TableReaderModel;
  observeScale?: (input: ScaleInput) => void;
  spanForm: SpanFormModel;
  observeSpan?: (input: SpanInput) => void;
}

function none(kind: QuestionKind, lookedFor: string | null): AnswerResult {
  return {
    answer: null,
    score: 0,
    passage: null,
    page: null,
    highlight: null,
    alternatives: [],
    kind,
    ...EMPTY,
    lookedFor,
  };
}

function weigh(doc: Indexed, qs: readonly string[]): QuestionTerms {
  const weights = new Map<string, number>();
  // An unused question word is usually a paraphrase ("located" for "in"): cap it at the rarest used word's weight.
  let cap = 0;
  for (const t of qs) if (doc.index.has(t)) cap = Math.max(cap, doc.index.idf(t));
  for (const t of qs) weights.set(t, doc.index.has(t) ? doc.index.idf(t) : cap || doc.index.idf(t));
  let total = 0;
  for (const w of weights.values()) total += w;
  return { weights, total };
}

const questionTerms = (doc: Indexed, question: string) => weigh(doc, terms(question));
/** Content words only: long analyst questions retrieve by what they are about. */
const isContent = (t: string) => !CUE_WORDS.has(t) && !/^(?:19|20)\d{2}$/.test(t);
const contentTerms = (doc: Indexed, question: string) => weigh(doc, terms(question).filter(isContent));

/** What the span reader reads: the best passages, two windows at most of one block. */
const readerHits = (doc: Indexed, question: string) =>
  doc.index.search(terms(question), doc.readDepth, prefixesOf(question), 2);

function fromTable(doc: Indexed, kind: QuestionKind, t: TableAnswer, hits: readonly Hit[]): AnswerResult {
  const passage = tableEvidence(doc.text, t.table, t.cells);
  return {
    answer: t.text,
    score: Math.min(1, t.score),
    passage,
    page: t.table.page,
    highlight: passage.highlight,
    alternatives: hits
      .map((h) => doc.passages[h.doc] as Passage)
      .filter((p) => p.page !== t.table.page || p.end < t.table.start || p.start > t.table.end)
      .slice(0, 2)
      .map((p) => evidence(p, null)),
    kind,
    ...EMPTY,
    formula: t.formula,
    cells: t.cells,
    figure: t.value === null ? null : { value: t.value, scale: t.scale },
  };
}

/** The span R1 picks (R0 without weights or when R1 finds no candidate). */
function pickSpan(
  doc: Indexed,
  question: string,
  ranked: readonly Passage[],
  qTerms: QuestionTerms,
  scores: number[],
): Candidate | null {
  const learned = doc.r1 && doc.r1.weights.length > 0 ? readR1(question, ranked, qTerms, doc.r1, scores) : null;
  return learned ?? readR0(question, ranked, qTerms, { passageScores: scores });
}

function readSpan(doc: Indexed, question: string, kind: QuestionKind): { result: AnswerResult; support: number } {
  const hits = readerHits(doc, question);
  const top = hits[0];
  const qTerms = questionTerms(doc, question);
  const declined = { result: none(kind, [...qTerms.weights.keys()].join(', ')), support: 0 };
  if (!top) return declined;
  const ranked = hits.map((h) => doc.passages[h.doc] as Passage);
  const best = pickSpan(
    doc,
    question,
    ranked,
    qTerms,
    hits.map((h) => h.score / top.score),
  );
  if (!best || best.support < doc.minSupport) return declined;
  const chosen = ranked[best.passage] as Passage;
  // On a report (a document with tables) the span takes the form the question asks for: a clause, a bare figure.
  const input: SpanInput = { question, passage: chosen, start: best.start, end: best.end };
  doc.observeSpan?.(input);
  const span = doc.tables.length > 0 ? formSpan(input, doc.spanForm) : best;
  // "… of $19,573 and $25,403 in 2019 and 2018, respectively": the figures of the periods the question names.
  const sentence = chosen.sentences.find(([s, e]) => s <= best.start && best.start < e);
  const paired =
    doc.tables.length > 0 && sentence
      ? respectiveFigures(question, chosen.text.slice(sentence[0], sentence[1]), {
          start: best.start - sentence[0],
          end: best.end - sentence[0],
        })
      : null;
  const alternatives = ranked
    .filter((_, i) => i !== best.passage)
    .slice(0, 2)
    .map((p) => evidence(p, readR0(question, [p], qTerms)));
  return {
    result: {
      answer: paired ? paired.join(' and ') : span.text,
      score: Math.min(1, Math.max(0, best.score)),
      passage: evidence(chosen, span),
      page: chosen.page,
      highlight: { start: span.start, end: span.end },
      alternatives,
      kind,
      ...EMPTY,
      lowConfidence: best.support < LOW_SUPPORT,
      items: paired && paired.length > 1 ? paired : null,
    },
    support: best.support,
  };
}

function pageBoostOf(doc: Indexed, hits: readonly Hit[]): Map<number, number> {
  const boost = new Map<number, number>();
  const top = hits[0]?.score ?? 1;
  for (const h of hits) {
    const page = doc.passages[h.doc]?.page ?? 0;
    boost.set(page, Math.max(boost.get(page) ?? 0, h.score / top));
  }
  return boost;
}

/** The short answer of a sentence answer: the cause, Yes/No, or a list's items (null: read a span instead). */
function sentenceShortAnswer(
  kind: QuestionKind,
  question: string,
  sentences: ReturnType<typeof rankSentences>,
  quoted: ReturnType<typeof rankSentences>,
): { answer: string | null; items: string[] | null } | null {
  const best = sentences[0];
  if (kind === 'explanatory') return { answer: causeIn(quoted), items: null };
  if (kind === 'yesno') return { answer: best && polarity(question, best.text) ? 'Yes' : 'No', items: null };
  for (const s of sentences.slice(0, 3)) {
    const found = listItems(s.text);
    if (found.length > 0) return { answer: found.join('; '), items: found };
  }
  return null;
}

/** Explanatory, yes/no and list questions: the sentences that answer, quoted with their page. */
function sentenceAnswer(doc: Indexed, question: string, kind: QuestionKind): AnswerResult {
  const q = contentTerms(doc, question);
  const qs = [...q.weights.keys()];
  const hits = doc.index.search(qs, 6, prefixesOf(question, isContent));
  const top = hits[0];
  if (!top) return none(kind, qs.join(', '));
  const ranked = hits.map((h) => doc.passages[h.doc] as Passage);
  const sentences = rankSentences(
    ranked,
    hits.map((h) => h.score / top.score),
    q,
    kind === 'explanatory',
  );
  const best = sentences[0];
  if (!best || best.support < 0.25) return none(kind, qs.join(', '));
  const passage = ranked[best.passage] as Passage;
  const quoted = kind === 'explanatory' ? explanation(sentences, ranked) : [best];
  const short = sentenceShortAnswer(kind, question, sentences, quoted);
  if (!short) return readSpan(doc, question, kind).result;
  const first = quoted[0] ?? best;
  const last = quoted[quoted.length - 1] ?? best;
  return {
    answer: short.answer,
    score: Math.min(1, best.score),
    passage: evidence(passage, { start: first.start, end: last.end }),
    page: passage.page,
    highlight: { start: first.start, end: last.end },
    alternatives: ranked
      .filter((_, i) => i !== best.passage)
      .slice(0, 2)
      .map((p) => evidence(p, null)),
    kind,
    ...EMPTY,
    quote: { text: quoted.map((s) => s.text).join(' '), page: passage.page },
    items: short.items,
  };
}

interface TableContext {
  hits: Hit[];
  boost: Map<number, number>;
  row: RowMatch | null;
  q: Weighted;
}

/** Computed and yes/no questions: arithmetic over cells, a ratio's health, or whether a row moved. */
function computedAnswer(
  doc: Indexed,
  question: string,
  kind: QuestionKind,
  c: TableContext,
  op: Operation | null,
): AnswerResult | null {
  if (op && doc.tables.length > 0) {
    const t = compute(op, c.row, doc.tables, question, c.boost, doc.tableReader);
    if (t && kind === 'computed') return fromTable(doc, kind, t, c.hits);
    if (t && kind === 'yesno' && t.value !== null && (op.op === 'current_ratio' || op.op === 'quick_ratio')) {
      // A ratio of 1 or more covers current liabilities: the usual test of a healthy one.
      const r = fromTable(doc, kind, t, c.hits);
      return { ...r, answer: t.value >= 1 ? 'Yes' : 'No', formula: `${t.formula} (healthy at 1.0 or above)` };
    }
  }
  if (kind === 'yesno' && c.row && c.row.score >= ROW_MATCH) {
    const m = moved(c.row, question);
    if (m) return fromTable(doc, kind, m.answer, c.hits);
  }
  if (kind === 'yesno') return sentenceAnswer(doc, question, kind);
  return null;
}

/**
 * "What does X represent?", "What do Y include?", "What is the definition of Z?" ask what a line means, which the
 * text says; its figure is no answer (on TAT-QA's training questions worded so, none of the figures the table gave
 * was right).
 */
const DESCRIPTION =
  /^(?:what|which)\b.*\b(?:(?:do|does|did)\b.*\b(?:represent|mean|stand for|refer to|consist of|comprise|include)|definition of|meant by)\b/i;

/** A figure named by its row label comes from the table, unless a sentence covers the question clearly better. */
function figureAnswer(doc: Indexed, question: string, kind: QuestionKind, c: TableContext): AnswerResult {
  const type = questionType(question);
  const row = c.row;
  if (row && row.score >= ROW_MATCH && (type === 'number' || type === 'other' || type === 'entity')) {
    const t = lookup(row, question);
    const span = readSpan(doc, question, kind);
    if (span.result.answer !== null && DESCRIPTION.test(question)) return span.result;
    if (t && (span.result.answer === null || row.coverage + 0.15 >= span.support))
      return fromTable(doc, kind, t, c.hits);
    return span.result;
  }
  return readSpan(doc, question, kind).result;
}

function fromMetric(doc: Indexed, kind: QuestionKind, m: MetricAnswer, hits: readonly Hit[]): AnswerResult {
  return fromTable(doc, kind, { ...m, score: 0.9 }, hits);
}

/** The closest statement lines to what was looked for, named in a decline. */
function closestLines(doc: Indexed, question: string): string {
  const q = { ...contentTerms(doc, question), text: question };
  const rows = matchRows(doc.tables, q, questionYears(question), new Map(), 3);
  return rows.map((r) => `"${r.row.label.trim()}" (p. ${r.table.page})`).join(', ');
}

/** A margin trend or a level judged by a stated rule: the answer gives the figures and the rule, never a bare Yes/No. */
function judgement(
  doc: Indexed,
  question: string,
  ask: AnalystAsk,
  metric: NonNullable<ReturnType<typeof metricOf>>,
  hits: readonly Hit[],
): AnswerResult | null {
  const years = [
    ...new Set(doc.tables.flatMap((t) => t.columns.map((c) => c.years[0] ?? 0)).filter((y) => y > 0)),
  ].sort((a, b) => b - a);
  const at = (y: number) =>
    answerMetric(
      metric,
      { ...ask, years: [y], decimals: metric.kind === 'money' ? null : metric.kind === 'percent' ? 1 : 2 },
      '',
      doc.tables,
    );
  const asked = ask.years[0] ?? years[0];
  if (asked === undefined) return null;
  const now = at(asked);
  if (!now || now.missing.length > 0) return null;
  let yes: boolean;
  let rule: string;
  // The figure and its period, without the metric's name the answer already gives.
  const figureOf = (m: MetricAnswer) => m.text.split(': ')[0] ?? m.text;
  let figures = figureOf(now);
  if (/\bimprov|\bincreas|\bexpand/i.test(question)) {
    const before = at(asked - 1);
    if (!before || before.missing.length > 0) return null;
    yes = now.value > before.value;
    rule = `improving when FY${asked} is above FY${asked - 1}`;
    figures = `${figureOf(now)} against ${figureOf(before)}`;
  } else if (/\bconsistent|\bstable|\bfluctuat/i.test(question)) {
    const series = years.map((y) => ({ y, m: at(y) })).filter((x) => x.m && x.m.missing.length === 0);
    if (series.length < 2) return null;
    const limit = Number(/(\d+(?:\.\d+)?)\s*%/.exec(question)?.[1] ?? 2);
    const moves = series.slice(1).map((x, i) => Math.abs((series[i]?.m?.value ?? 0) - (x.m?.value ?? 0)));
    yes = Math.max(...moves) <= limit;
    rule = `consistent when no year moves more than ${limit} points`;
    figures = series.map((x) => `FY${x.y} ${x.m?.value.toFixed(1)}%`).join(', ');
  } else if (metric.name === 'working capital' || /\bpositive\b/i.test(question)) {
    yes = now.value > 0;
    rule = 'positive when current assets exceed current liabilities';
  } else if (/capital[- ]intensive/i.test(question)) {
    yes = now.value >= 5;
    rule = 'capital-intensive when capital expenditure is 5% of revenue or more';
  } else return null;
  const r = fromMetric(doc, 'yesno', now, hits);
  return { ...r, answer: `${yes ? 'Yes' : 'No'}: ${metric.name} ${figures} (${rule})` };
}

/** Lines only a lender's income statement prints. */
function lenderLines(tables: readonly Table[]): string[] {
  const out: string[] = [];
  for (const t of tables)
    for (const r of t.rows)
      if (
        /^net interest income\b|^provisions? for (?:credit|loan) losses\b|^total provision for credit losses\b/i.test(
          r.label.trim(),
        )
      )
        out.push(r.label.trim());
  return [...new Set(out)];
}

/** Analysts' questions on statements: a named metric or line item for a fiscal year, in the unit asked. */
function analystAnswer(doc: Indexed, question: string, hits: readonly Hit[]): AnswerResult | null {
  if (doc.tables.length === 0) return null;
  const ask = parseAnalystQuestion(question);
  const kind = questionKind(ask.core);
  const metric = metricOf(ask.core) ?? (ask.definition ? metricOf(question) : null);
  // A metric the statements print ("Effective tax rate   13.0%") is read, not recomputed; a change of one is arithmetic.
  const printed =
    metric && doc.tables.some((t) => t.rows.some((r) => metric.asked.test(r.label) && r.cells.some((c) => c?.amount)));
  const op = operationOf(ask.core)?.op;
  const change =
    op === 'change' || op === 'pct_change' || /\bchang(?:e|ed|es)\b|\bcompared? (?:to|with)\b/i.test(ask.core);
  // "If gross margin is not a useful metric for a company like this, state that": a lender's statements (net
  // interest income, provisions for credit losses) print no cost of sales, so its margins say little.
  const lender = lenderLines(doc.tables);
  if (
    metric &&
    ask.relevanceOf &&
    /margin/i.test(metric.name) &&
    lender.length > 0 &&
    !findItem(doc.tables, 'cogs', null)
  ) {
    const first = doc.tables.find((t) => t.rows.some((r) => lender.includes(r.label.trim())));
    const r = none(kind, null);
    return {
      ...r,
      answer:
        `${metric.name} is not a useful metric here: the statements show ${lender
          .slice(0, 2)
          .map((l) => `"${l}"`)
          .join(' and ')} ` +
        `and no cost of sales, as a lender's do; its performance is not measured through ${metric.name} but through net interest income, credit losses and returns on equity.`,
      score: 0.5,
      page: first?.page ?? null,
      passage: first ? tableEvidence(doc.text, first, []) : null,
    };
  }
  if (metric?.name === 'revenue CAGR') {
    const g = answerGrowth(ask, ask.core, doc.tables);
    if (g && g.missing.length === 0) return fromMetric(doc, 'computed', g, hits);
  } else if (metric && !printed && change && ask.years.length >= 2 && kind !== 'choice') {
    // A metric in two years: both figures and how it moved.
    const m = answerMetricChange(metric, ask, doc.tables);
    if (m && m.missing.length === 0) return fromMetric(doc, 'computed', m, hits);
  }
  if (metric && metric.name !== 'revenue CAGR' && !printed && !change && kind !== 'choice' && kind !== 'explanatory') {
    if (kind === 'yesno') {
      const j = judgement(doc, ask.core, ask, metric, hits);
      if (j) return j;
    } else {
      const m = answerMetric(metric, ask, question, doc.tables);
      if (m && m.missing.length === 0) return fromMetric(doc, 'computed', m, hits);
      if (m && ask.relevanceOf) {
        const r = none(kind, null);
        return {
          ...r,
          answer: `${metric.name} is not a useful metric here: the statements show no ${m.missing.join(', ')}, so performance is not measured through it.`,
          score: 0.3,
        };
      }
      if (m)
        return {
          ...none('computed', null),
          lookedFor: `${metric.name} (${metric.formula}); not found: ${m.missing.join(', ')}; closest lines: ${closestLines(doc, ask.core) || 'none'}`,
        };
    }
  }
  // A line item read by its accounting name when the question is an analyst's (a money unit, a statement or a fiscal
  // year named); "as a percentage of" questions are arithmetic, not a lookup.
  const analystStyle =
    (ask.unit !== null && ask.unit !== 'percent') || ask.statements.length > 0 || /\bFY ?\d/i.test(question);
  if (analystStyle && (kind === 'factoid' || kind === 'computed') && !operationOf(ask.core)) {
    const item = itemOf(ask.core);
    const m = item ? answerItem(item, ask, doc.tables) : null;
    if (m) return fromMetric(doc, 'factoid', m, hits);
  }
  return null;
}

function answer(doc: Indexed, asked: string): AnswerResult {
  const hitsForAnalyst = doc.tables.length > 0 ? doc.index.search(terms(asked).filter(isContent), 6) : [];
  const analyst = analystAnswer(doc, asked, hitsForAnalyst);
  if (analyst && analyst.answer !== null) return analyst;
  const general = generalAnswer(doc, asked);
  // The readers found nothing either: the decline says what the metric needed and the closest lines.
  if (general.answer === null && analyst?.lookedFor) return { ...general, lookedFor: analyst.lookedFor };
  return general;
}

/** Several cells: the years a table covers, or a row's figures for the years named "respectively". */
/** The labels of the rows the fitted model reads a "What are the components of …?" question as asking for. */
function labelList(doc: Indexed, question: string, c: TableContext): ListAnswer | null {
  const table =
    c.row?.table ?? [...doc.tables].sort((a, b) => (c.boost.get(b.page) ?? 0) - (c.boost.get(a.page) ?? 0))[0];
  const rows = table ? fittedLabels(table, question, doc.tableReader) : null;
  if (!table || !rows) return null;
  return { items: rows.map((r) => r.label.trim()), table, cells: [], scale: '', values: [] };
}

function listAnswer(
  doc: Indexed,
  question: string,
  c: TableContext,
  list: 'row_list' | 'row_labels' | null,
): AnswerResult | null {
  if (doc.tables.length === 0) return null;
  const row = c.row && c.row.score >= ROW_MATCH ? c.row : null;
  const l = asksYearsCovered(question)
    ? yearsCovered(row, doc.tables)
    : list === 'row_labels'
      ? labelList(doc, question, c)
      : (list === 'row_list' || asksRespectively(question)) && row
        ? respectively(row, question)
        : null;
  if (!l) return null;
  const cells: CellRef[] = l.cells.map((x) => ({
    table: l.table.id,
    page: l.table.page,
    row: x.row,
    column: x.column,
    text: x.text,
    start: x.start,
    end: x.end,
  }));
  const passage = tableEvidence(doc.text, l.table, cells);
  return {
    answer: l.items.join('; '),
    score: 0.8,
    passage,
    page: l.table.page,
    highlight: passage.highlight,
    alternatives: [],
    kind: 'list',
    ...EMPTY,
    items: l.items,
    cells,
    figure: l.values.length > 0 ? { value: l.values[0] ?? 0, scale: l.scale } : null,
  };
}

const PERIODS_ASKED = /^\s*(?:in )?(?:which|what) (?:years?|periods?|quarters?|months?)\b/i;

function generalAnswer(doc: Indexed, asked: string): AnswerResult {
  // The question without its instructions ("Answer in USD millions.") is what the readers read.
  const question = parseAnalystQuestion(asked).core || asked;
  const rule = operationOf(question);
  const op = doc.tables.length > 0 ? chooseOperation(question, rule, doc.tableReader) : rule;
  const asKind = questionKind(question);
  // A figure the fitted model reads as arithmetic over one row ("What was the change in accruals?") is computed.
  const kind = asKind === 'factoid' && op && op !== rule ? 'computed' : asKind;
  // A row's figures for the periods named ("respectively", or read so by the fitted model), or rows' labels.
  const fitted = doc.tables.length > 0 ? fittedList(question, doc.tableReader) : null;
  const list =
    (fitted === 'row_list' && questionYears(question).length < 2) ||
    (fitted === 'row_labels' && !doc.tableReader.labels)
      ? null
      : fitted;
  const tableList =
    doc.tables.length > 0 && (asksYearsCovered(question) || asksRespectively(question) || list !== null);
  // "In which years was X under $Y?" is read from the table first.
  const periodsAsked = doc.tables.length > 0 && PERIODS_ASKED.test(question);
  const toSentences = (kind === 'explanatory' || kind === 'list') && !tableList;
  if (toSentences && !periodsAsked) return sentenceAnswer(doc, question, kind);
  const q = { ...contentTerms(doc, question), text: question };
  const hits = doc.index.search([...q.weights.keys()], 6, prefixesOf(question, isContent));
  const boost = pageBoostOf(doc, hits);
  const rows = doc.tables.length > 0 ? matchRows(doc.tables, q, questionYears(question), boost) : [];
  const c: TableContext = { hits, boost, row: rows[0] ?? null, q };
  const listed = listAnswer(doc, question, c, list);
  if (listed) return withFittedScale(doc, question, listed, null);
  // "In which years was X less than $Y?": the periods whose figure is past the threshold.
  if (c.row && c.row.score >= ROW_MATCH && periodsAsked) {
    const t = periodsPast(c.row, question);
    if (t) return { ...fromTable(doc, 'list', t.answer, hits), answer: t.periods.join(', '), items: t.periods };
  }
  if (toSentences) return sentenceAnswer(doc, question, kind);
  // "How many years did X exceed $Y?", read so by the fitted model: the row's figures past the threshold.
  if (c.row && c.row.score >= ROW_MATCH && asksCount(question, doc.tableReader)) {
    const t = countPast(c.row, question);
    if (t) return fromTable(doc, 'computed', t, hits);
  }
  if (kind === 'computed' || kind === 'yesno') {
    const r = computedAnswer(doc, question, kind, c, op);
    if (r) return kind === 'computed' ? withFittedScale(doc, question, r, op?.op ?? null) : r;
  }
  if (kind === 'choice' && doc.tables.length > 0) {
    const t = choose(doc.tables, c.row && c.row.score >= 0.4 ? c.row : null, question, boost, q);
    if (t) return fromTable(doc, kind, t, hits);
  }
  return withFittedScale(doc, question, figureAnswer(doc, question, kind, c), null);
}

/** The text of a table's page, for the scale words it states ("in thousands", "$m"). */
function pageText(doc: Indexed, page: number): string {
  return doc.passages
    .filter((p) => p.page === page)
    .map((p) => p.text)
    .join('\n');
}

/** A figure read or computed from a table, in the scale the fitted model reads for it (the reader's otherwise). */
function withFittedScale(doc: Indexed, question: string, r: AnswerResult, operation: string | null): AnswerResult {
  const first = r.cells[0];
  const table = first ? doc.tables[first.table] : undefined;
  if (!r.figure || !first || !table || (!doc.tableReader.scale && !doc.observeScale)) return r;
  const input: ScaleInput = {
    question,
    readerScale: r.figure.scale,
    tableScale: table.scale,
    cells: r.cells,
    tableText: `${table.caption} ${table.columns.map((c) => c.header).join(' ')}`,
    pageText: pageText(doc, table.page),
    operation,
    value: r.figure.value,
  };
  doc.observeScale?.(input);
  const scale = chooseScale(input, doc.tableReader);
  if (scale === r.figure.scale) return r;
  const answer = r.answer === null || r.items ? r.answer : rescaledText(r.answer, scale);
  return { ...r, answer, figure: { ...r.figure, scale } };
}

/** Retrieve-then-read over one document, indexed once; each question is typed and answered in its type's form. */
export function createDocQa(source: string, options: DocQaOptions = {}): DocQaEngine {
  // Statements extracted one cell a line are read as rows; other text is unchanged.
  const text = reflowStatements(source);
  const r1 = options.reader === 'r0' ? null : (options.r1Weights ?? (R1_WEIGHTS as R1Weights));
  const passages = chunkDocument(text, options);
  const tables = findTables(text);
  const doc: Indexed = {
    text,
    passages,
    tables,
    index: new PassageIndex(text, passages, tables),
    readDepth: options.readDepth ?? 6,
    // R1 declines below the threshold calibrated with its weights; R0 below the hand-set one.
    minSupport: options.minSupport ?? r1?.minSupport ?? DEFAULT_MIN_SUPPORT,
    r1,
    tableReader: options.tableReader ?? TABLE_READER,
    observeScale: options.observeScale,
    spanForm: options.spanForm ?? SPAN_FORM,
    observeSpan: options.observeSpan,
  };
  return {
    passages,
    tables,
    retrieve: (question, limit) => doc.index.search(terms(question), limit, prefixesOf(question)),
    readerInput(question) {
      const hits = readerHits(doc, question);
      const top = hits[0]?.score ?? 1;
      return {
        passages: hits.map((h) => passages[h.doc] as Passage),
        scores: hits.map((h) => h.score / top),
        qTerms: questionTerms(doc, question),
      };
    },
    answer: (question) => withConfidence(answer(doc, question)),
  };
}
