import { createWriteStream, type WriteStream } from 'node:fs';
import { type AnswerResult, createDocQa } from '../engine';
import { bestOver, exactMatch, f1Score } from '../squad-metric';
import { readSquadArticles } from './squad';

// A SQuAD file measured as a visitor meets the reader: (a) paragraph given, (b) all paragraphs as one document
// (recall@1/@5, EM/F1, declined), (c) questions asked of other articles, where any answer is false. Read and scored
// one article at a time, so memory never holds the reader's candidates.

interface Question {
  id: string;
  question: string;
  answers: string[];
  paragraph: number;
  article: number;
}

/** Other articles in the document each article's questions are asked of for (c), nearest first. */
const OTHERS = 8;

type Reader = 'r0' | 'r1';

const pct = (x: number, n: number) => (n === 0 ? 0 : (100 * x) / n).toFixed(1);

class AnswerLog {
  private out: WriteStream | null;
  constructor(path: string | undefined) {
    this.out = path ? createWriteStream(path) : null;
  }
  write(q: Question, setting: string, r: AnswerResult) {
    this.out?.write(
      `${JSON.stringify({ id: q.id, setting, question: q.question, answer: r.answer, passage: r.passage?.text ?? null, page: r.page })}\n`,
    );
  }
  async close() {
    const out = this.out;
    if (out) await new Promise<void>((resolve) => out.end(resolve));
  }
}

async function load(path: string) {
  const contexts: string[] = [];
  const articles: Array<{ first: number; last: number }> = [];
  const questions: Question[] = [];
  let article = 0;
  for await (const a of readSquadArticles(path)) {
    const first = contexts.length;
    for (const p of a.paragraphs) {
      const paragraph = contexts.push(p.context) - 1;
      for (const qa of p.qas)
        questions.push({
          id: qa.id,
          question: qa.question,
          answers: qa.answers.map((x) => x.text),
          paragraph,
          article,
        });
    }
    articles.push({ first, last: contexts.length - 1 });
    article += 1;
  }
  return { contexts, articles, questions };
}

function paragraphGiven(contexts: string[], questions: Question[], reader: Reader, log: AnswerLog) {
  let em = 0;
  let f1 = 0;
  let engine: ReturnType<typeof createDocQa> | null = null;
  let at = -1;
  for (const q of questions) {
    if (q.paragraph !== at) {
      engine = createDocQa(contexts[q.paragraph] ?? '', { reader });
      at = q.paragraph;
    }
    const r = (engine as ReturnType<typeof createDocQa>).answer(q.question);
    if (reader === 'r1') log.write(q, 'paragraph given', r);
    em += bestOver(exactMatch, r.answer, q.answers);
    f1 += bestOver(f1Score, r.answer, q.answers);
  }
  const n = questions.length;
  console.log(`(a) paragraph given, reader ${reader.toUpperCase()}: EM ${pct(em, n)}  F1 ${pct(f1, n)}`);
}

/** Paragraphs separated by blank lines, so passages never straddle two of them. */
function joined(texts: readonly string[]): { text: string; starts: number[] } {
  const starts: number[] = [];
  const parts: string[] = [];
  let length = 0;
  for (const c of texts) {
    starts.push(length);
    parts.push(`${c}\n\n`);
    length += c.length + 2;
  }
  return { text: parts.join(''), starts };
}

function longDocument(contexts: string[], questions: Question[], reader: Reader, log: AnswerLog) {
  const { text, starts } = joined(contexts);
  const t0 = performance.now();
  const engine = createDocQa(text, { reader });
  const buildMs = performance.now() - t0;
  const paragraphOf = (offset: number) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((starts[mid] ?? 0) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  const s = { at1: 0, at5: 0, em: 0, f1: 0, declined: 0 };
  for (const q of questions) {
    const paras = engine.retrieve(q.question, 5).map((h) => paragraphOf(engine.passages[h.doc]?.start ?? 0));
    if (paras[0] === q.paragraph) s.at1 += 1;
    if (paras.includes(q.paragraph)) s.at5 += 1;
    const r = engine.answer(q.question);
    if (reader === 'r1') log.write(q, 'long document', r);
    if (r.answer === null) s.declined += 1;
    s.em += bestOver(exactMatch, r.answer, q.answers);
    s.f1 += bestOver(f1Score, r.answer, q.answers);
  }
  const n = questions.length;
  console.log(
    `(b) long document, reader ${reader.toUpperCase()} (${contexts.length} paragraphs, ${engine.passages.length} passages, index ${buildMs.toFixed(0)} ms): ` +
      `recall@1 ${pct(s.at1, n)}%  recall@5 ${pct(s.at5, n)}%  end-to-end EM ${pct(s.em, n)}  F1 ${pct(s.f1, n)}  declined ${pct(s.declined, n)}%`,
  );
}

// SQuAD 2.0-style unanswerables: each article's questions asked of other articles (the eight nearest at most).
function unanswerable(
  contexts: string[],
  articles: ReadonlyArray<{ first: number; last: number }>,
  questions: Question[],
  reader: Reader,
) {
  let asked = 0;
  let answered = 0;
  for (const [i] of articles.entries()) {
    const mine = questions.filter((q) => q.article === i);
    if (mine.length === 0) continue;
    const from = Math.max(0, Math.min(i - OTHERS / 2, articles.length - OTHERS - 1));
    const others = articles.map((_, j) => j).filter((j) => j !== i && j >= from && j <= from + OTHERS);
    if (others.length === 0) continue;
    const texts = others.flatMap((j) => {
      const a = articles[j] as { first: number; last: number };
      return contexts.slice(a.first, a.last + 1);
    });
    const engine = createDocQa(joined(texts).text, { reader });
    for (const q of mine) {
      asked += 1;
      if (engine.answer(q.question).answer !== null) answered += 1;
    }
  }
  console.log(
    `(c) unanswerable (${asked} questions asked of other articles), reader ${reader.toUpperCase()}: ` +
      `false-answer rate ${pct(answered, asked)}%`,
  );
}

/** The whole evaluation of one SQuAD-format file; `answers` names a JSON Lines file for R1's answers. */
export async function evaluateSquadFile(path: string, options: { answers?: string } = {}): Promise<void> {
  const { contexts, articles, questions } = await load(path);
  console.log(
    `Data: ${path} (SQuAD, ${articles.length} articles, ${contexts.length} paragraphs, ${questions.length} questions)`,
  );
  const log = new AnswerLog(options.answers);
  for (const reader of ['r0', 'r1'] as const) {
    paragraphGiven(contexts, questions, reader, log);
    longDocument(contexts, questions, reader, log);
    unanswerable(contexts, articles, questions, reader);
  }
  await log.close();
  if (options.answers)
    console.log(`    R1's answers (paragraph given and long document) written to ${options.answers}`);
}
