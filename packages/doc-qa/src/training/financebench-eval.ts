// FinanceBench (Islam et al. 2023): analysts' questions on real 10-Ks, 10-Qs and earnings releases. Each filing's
// document is made of its evidence pages (every page any of its questions cites, full text, in page order), so the
// answer is always in it. Printed: decline rate, evidence hit rate and correctness, overall and per question type,
// and how often a question asked of another company's filing is answered all the same (false answers).
import { writeFileSync } from 'node:fs';
import { joinPages } from '../chunk';
import { type AnswerResult, createDocQa, type DocQaEngine } from '../engine';
import { STOPWORDS, wordSpans } from '../text';

export interface FinanceBenchEvidence {
  evidence_text: string;
  doc_name: string;
  evidence_page_num: number;
  evidence_text_full_page: string;
}

export interface FinanceBenchQuestion {
  financebench_id: string;
  company: string;
  doc_name: string;
  question_type: string;
  question_reasoning: string | null;
  question: string;
  answer: string;
  evidence: FinanceBenchEvidence[];
}

export function parseFinanceBench(text: string): FinanceBenchQuestion[] {
  return text
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as FinanceBenchQuestion);
}

export interface FilingDocument {
  text: string;
  /** 0-based page number in the filing → 1-based page in the document. */
  pageOf: Map<number, number>;
}

/** A filing's document: the full text of every page its questions cite as evidence, in page order. */
export function filingDocument(questions: readonly FinanceBenchQuestion[], docName: string): FilingDocument {
  const pages = new Map<number, string>();
  for (const q of questions)
    for (const e of q.evidence)
      if (e.doc_name === docName && !pages.has(e.evidence_page_num))
        pages.set(e.evidence_page_num, e.evidence_text_full_page);
  const order = [...pages.keys()].sort((a, b) => a - b);
  return {
    text: joinPages(order.map((p) => pages.get(p) ?? '')),
    pageOf: new Map(order.map((p, i) => [p, i + 1])),
  };
}

const contentWords = (text: string): string[] =>
  wordSpans(text)
    .map((w) => w.word)
    .filter((w) => !STOPWORDS.has(w));

/** The passages an answer shows: its passage, its quote and the alternatives offered below it. */
export function shownTexts(r: AnswerResult): string[] {
  return [r.passage?.text ?? '', r.quote?.text ?? '', ...r.alternatives.map((a) => a.text)].filter(Boolean);
}

/** Shown passages cover at least 60% of one evidence passage's content words. */
export function evidenceHit(r: AnswerResult, evidence: readonly FinanceBenchEvidence[]): boolean {
  if (r.answer === null) return false;
  const shown = new Set(shownTexts(r).flatMap(contentWords));
  return evidence.some((e) => {
    const words = contentWords(e.evidence_text);
    if (words.length === 0) return false;
    return words.filter((w) => shown.has(w)).length / words.length >= 0.6;
  });
}

export interface Figure {
  value: number;
  percent: boolean;
  /** A scale word was printed with the figure (million, billion, thousand). */
  scaled: boolean;
}

const SCALE_WORDS: Record<string, number> = {
  thousand: 1e3,
  thousands: 1e3,
  k: 1e3,
  million: 1e6,
  millions: 1e6,
  mn: 1e6,
  m: 1e6,
  billion: 1e9,
  billions: 1e9,
  bn: 1e9,
  b: 1e9,
};

/** The first figure of a text ("-$473 million", "(1,577)", "39.7%", "$1.8 bn"), its scale word applied. */
export function headlineFigure(text: string): Figure | null {
  const m = /(-|−|\()?\s*(?:US)?\$?\s*(\d[\d,]*(?:\.\d+)?|\.\d+)\s*(%|percent\b|[a-z]+\b)?/i.exec(text);
  if (!m) return null;
  let value = Number((m[2] ?? '').replace(/,/g, ''));
  if (!Number.isFinite(value)) return null;
  if (m[1]) value = -value;
  const unit = (m[3] ?? '').toLowerCase();
  if (unit === '%' || unit === 'percent') return { value, percent: true, scaled: false };
  const factor = SCALE_WORDS[unit];
  return factor ? { value: value * factor, percent: false, scaled: true } : { value, percent: false, scaled: false };
}

/** The unit a question asks the answer in ("Answer in USD millions", "(in USD billions)"): its factor, or 1. */
export function requestedScale(question: string): number {
  if (/\b(?:in|units of)\s+(?:USD|US\$|\$|dollars)?\s*thousands\b/i.test(question)) return 1e3;
  if (/\b(?:in|units of)\s+(?:USD|US\$|\$|dollars)?\s*millions\b/i.test(question)) return 1e6;
  if (/\b(?:in|units of)\s+(?:USD|US\$|\$|dollars)?\s*billions\b/i.test(question)) return 1e9;
  return 1;
}

const within = (a: number, b: number) => Math.abs(a - b) <= 0.01 * Math.max(Math.abs(a), Math.abs(b)) + 1e-9;

/** A gold answer is numeric when it opens with a figure ("$5409.00", "0.8", "-$473 million", "36%. The …"). */
export function numericGold(answer: string): boolean {
  return /^\s*(?:-|−)?\s*\(?\s*(?:US)?\$?\s*\d/.test(answer);
}

/** The gold figure and the answer's headline figure agree within 1% after unit and scale. */
export function figuresAgree(gold: Figure, goldFactor: number, got: Figure): boolean {
  const golds = gold.scaled ? [gold.value] : [gold.value, gold.value * goldFactor];
  const gots = [got.value];
  // A percentage and the fraction it is: 39.7% and 0.397.
  if (gold.percent && !got.percent) gots.push(got.value * 100);
  if (!gold.percent && got.percent) gots.push(got.value / 100);
  // A figure given without its scale by one side ("5,409" for "$5,409 million").
  if (!got.scaled && !got.percent) gots.push(got.value * goldFactor);
  return golds.some((g) => gots.some((a) => within(a, g)));
}

export type Verdict = 'declined' | 'correct' | 'wrong';

/** The judge: numeric gold by its headline figure, Yes/No gold by the first word, else ≥ 60% of its content words. */
export function judge(q: Pick<FinanceBenchQuestion, 'question' | 'answer'>, r: AnswerResult): Verdict {
  if (r.answer === null) return 'declined';
  const shown = `${r.answer} ${r.quote?.text ?? ''}`;
  const gold = q.answer.trim();
  if (numericGold(gold)) {
    const g = headlineFigure(gold);
    const a = r.figure
      ? {
          value: r.figure.scale === 'percent' ? r.figure.value : r.figure.value * scaleOf(r.figure.scale),
          percent: r.figure.scale === 'percent',
          scaled: r.figure.scale !== '' && r.figure.scale !== 'percent',
        }
      : headlineFigure(r.answer);
    if (!g || !a) return 'wrong';
    return figuresAgree(g, requestedScale(q.question), a) ? 'correct' : 'wrong';
  }
  const yesNo = /^\s*(yes|no)\b/i.exec(gold)?.[1]?.toLowerCase();
  if (yesNo) return new RegExp(`^\\s*${yesNo}\\b`, 'i').test(r.answer) ? 'correct' : 'wrong';
  const words = [...new Set(contentWords(gold))];
  if (words.length === 0) return 'wrong';
  const got = new Set(contentWords(shown));
  return words.filter((w) => got.has(w)).length / words.length >= 0.6 ? 'correct' : 'wrong';
}

function scaleOf(scale: string): number {
  return scale === 'thousand' ? 1e3 : scale === 'million' ? 1e6 : scale === 'billion' ? 1e9 : 1;
}

export interface FinanceBenchRow {
  id: string;
  company: string;
  doc: string;
  type: string;
  question: string;
  gold: string;
  answer: string | null;
  kind: string;
  formula: string | null;
  lookedFor: string | null;
  page: number | null;
  verdict: Verdict;
  hit: boolean;
}

/** Each filing's engine, built once from the set's evidence pages. */
function filingEngines(questions: readonly FinanceBenchQuestion[]): (docName: string) => DocQaEngine {
  const engines = new Map<string, DocQaEngine>();
  return (docName) => {
    let engine = engines.get(docName);
    if (!engine) {
      engine = createDocQa(filingDocument(questions, docName).text);
      engines.set(docName, engine);
    }
    return engine;
  };
}

/** Answers every question of a set, each asked of its own filing's document. */
export function answerFinanceBench(questions: readonly FinanceBenchQuestion[]): FinanceBenchRow[] {
  const engineFor = filingEngines(questions);
  const rows: FinanceBenchRow[] = [];
  for (const q of questions) {
    const r = engineFor(q.doc_name).answer(q.question);
    rows.push({
      id: q.financebench_id,
      company: q.company,
      doc: q.doc_name,
      type: q.question_type,
      question: q.question,
      gold: q.answer,
      answer: r.answer,
      kind: r.kind,
      formula: r.formula,
      lookedFor: r.lookedFor,
      page: r.page,
      verdict: judge(q, r),
      hit: evidenceHit(r, q.evidence),
    });
  }
  return rows;
}

export interface ElsewhereRow {
  id: string;
  type: string;
  /** The filing it was asked of: another company's. */
  doc: string;
  answered: boolean;
}

/**
 * Every question asked of another company's filing (the first filing of the next company by name), where its
 * answer is not: each answer there is about the wrong company. As SQuAD's questions asked of other articles
 * measure false answers on prose, this measures them on filings. Empty with fewer than two companies.
 */
export function askElsewhere(questions: readonly FinanceBenchQuestion[]): ElsewhereRow[] {
  const companies = [...new Set(questions.map((q) => q.company))].sort();
  if (companies.length < 2) return [];
  const firstFiling = new Map<string, string>();
  for (const q of questions) if (!firstFiling.has(q.company)) firstFiling.set(q.company, q.doc_name);
  const engineFor = filingEngines(questions);
  return questions.map((q) => {
    const other = companies[(companies.indexOf(q.company) + 1) % companies.length] as string;
    const doc = firstFiling.get(other) as string;
    return {
      id: q.financebench_id,
      type: q.question_type,
      doc,
      answered: engineFor(doc).answer(q.question).answer !== null,
    };
  });
}

const pct = (x: number, n: number) => (n === 0 ? 0 : (100 * x) / n).toFixed(1);

export function reportElsewhere(rows: readonly ElsewhereRow[]): string[] {
  if (rows.length === 0) return [];
  const answered = (list: readonly ElsewhereRow[]) =>
    `(${list.length}): answered ${pct(list.filter((r) => r.answered).length, list.length)}%`;
  const out = [`FinanceBench asked of another company's filing, false answers ${answered(rows)}`];
  for (const type of [...new Set(rows.map((r) => r.type))].sort())
    out.push(`  ${type} ${answered(rows.filter((r) => r.type === type))}`);
  return out;
}

function line(label: string, rows: readonly FinanceBenchRow[]): string {
  const n = rows.length;
  const declined = rows.filter((r) => r.verdict === 'declined').length;
  const correct = rows.filter((r) => r.verdict === 'correct').length;
  const hit = rows.filter((r) => r.hit).length;
  return `${label} (${n}): declined ${pct(declined, n)}%  evidence hit ${pct(hit, n)}%  correct ${pct(correct, n)}%`;
}

export function reportFinanceBench(rows: readonly FinanceBenchRow[]): string[] {
  const out = [line('FinanceBench all', rows)];
  for (const type of [...new Set(rows.map((r) => r.type))].sort())
    out.push(
      line(
        `  ${type}`,
        rows.filter((r) => r.type === type),
      ),
    );
  return out;
}

/**
 * A FinanceBench file: every question answered from its filing's evidence pages; decline rate, evidence hit and
 * correctness overall and per question type; `answers` writes every answer as JSON Lines.
 */
export function evaluateFinanceBench(
  questions: readonly FinanceBenchQuestion[],
  { answers, verbose = false }: { answers?: string; verbose?: boolean } = {},
): FinanceBenchRow[] {
  const rows = answerFinanceBench(questions);
  for (const l of reportFinanceBench(rows)) console.log(l);
  for (const l of reportElsewhere(askElsewhere(questions))) console.log(l);
  if (verbose)
    for (const r of rows)
      console.log(
        `${r.verdict.padEnd(8)} ${r.hit ? 'hit ' : 'miss'} ${r.id} [${r.type}→${r.kind}] ${r.question.slice(0, 160)}\n` +
          `    got: ${r.answer?.slice(0, 200) ?? `(declined; looked for ${r.lookedFor})`}${r.formula ? ` | ${r.formula}` : ''}\n` +
          `    ref: ${r.gold.slice(0, 200)}`,
      );
  if (answers) writeFileSync(answers, rows.map((r) => JSON.stringify(r)).join('\n') + (rows.length ? '\n' : ''));
  return rows;
}
