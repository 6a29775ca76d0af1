import { createDocQa, type DocQaEngine } from '../engine';
import { fnv1a, type LexicalFamily } from '../r1-lexical';
import { FEATURES, type R1Candidate, r1Candidates } from '../reader-r1';
import { f1Score } from '../squad-metric';
import { type RowSet, RowSetBuilder } from './rows';
import { articleText, type SquadArticle } from './squad';

export interface GenerateOptions {
  families: LexicalFamily[];
  /** Keep this many wrong spans a question, drawn at random (their scores offset by the sampling rate); null: all. */
  negatives: number | null;
  texts: boolean;
  /** Also ask each article's questions of the group without that article (for the "not found" threshold). */
  unanswerable: boolean;
  given: boolean;
}

/** A small deterministic generator (mulberry32). */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const DENSE = FEATURES.length;

function addCandidates(
  b: RowSetBuilder,
  found: readonly R1Candidate[],
  answers: string[],
  id: string,
  options: GenerateOptions,
) {
  const targets = found.map((c) => Math.max(0, ...answers.map((a) => f1Score(c.text, a))));
  let keep: boolean[] = found.map(() => true);
  let offset = 0;
  const wrong = targets.filter((t) => t === 0).length;
  if (options.negatives !== null && wrong > options.negatives) {
    // Random wrong spans (overlapping spans stay); each stands for wrong / negatives of them in the softmax.
    const rand = random(fnv1a(id));
    const order = found.map((_, i) => i).filter((i) => targets[i] === 0);
    for (let i = order.length - 1; i > 0; i -= 1) {
      const j = Math.floor(rand() * (i + 1));
      [order[i], order[j]] = [order[j] as number, order[i] as number];
    }
    const chosen = new Set(order.slice(0, options.negatives));
    keep = found.map((_, i) => (targets[i] as number) > 0 || chosen.has(i));
    offset = Math.log(wrong / options.negatives);
  }
  for (const [i, c] of found.entries()) {
    if (!keep[i]) continue;
    const idx: number[] = [];
    const val: number[] = [];
    for (const [k, x] of c.features.entries()) {
      if (x !== 0) {
        idx.push(k);
        val.push(x);
      }
    }
    if (c.lexical) {
      for (const [k, x] of c.lexical.idx.entries()) {
        idx.push(DENSE + x);
        val.push(c.lexical.val[k] as number);
      }
    }
    const target = targets[i] as number;
    b.addRow(
      { idx, val },
      {
        target,
        support: c.support,
        offset: target > 0 ? 0 : offset,
        ...(options.texts ? { text: c.text } : {}),
      },
    );
  }
}

function ask(
  b: RowSetBuilder,
  engine: DocQaEngine,
  question: string,
  answers: string[],
  gold: string[],
  meta: { group: string; id: string },
  options: GenerateOptions,
) {
  const input = engine.readerInput(question);
  const families = new Set(options.families);
  const found = r1Candidates(question, input.passages, input.qTerms, input.scores, families);
  addCandidates(b, found, gold, meta.id, options);
  b.endQuestion({ answers, group: meta.group, id: meta.id });
}

/** Articles as one long document; questions optionally also asked without their own article, or paragraph given. */
export function generateGroup(
  articles: readonly SquadArticle[],
  group: string,
  options: GenerateOptions,
): { long: RowSet; unanswerable: RowSet | null; given: RowSet | null } {
  const texts = articles.map(articleText);
  const long = new RowSetBuilder();
  const unanswerable = options.unanswerable ? new RowSetBuilder() : null;
  const given = options.given ? new RowSetBuilder() : null;
  const engine = createDocQa(texts.join(''), { reader: 'r0' });
  for (const [i, article] of articles.entries()) {
    const others =
      unanswerable && articles.length > 1
        ? createDocQa(texts.filter((_, j) => j !== i).join(''), { reader: 'r0' })
        : null;
    for (const p of article.paragraphs) {
      const paragraph = given ? createDocQa(p.context, { reader: 'r0' }) : null;
      for (const qa of p.qas) {
        const answers = qa.answers.map((a) => a.text);
        const meta = { group, id: qa.id };
        ask(long, engine, qa.question, answers, answers, meta, options);
        if (others && unanswerable) ask(unanswerable, others, qa.question, [], [], meta, options);
        if (paragraph && given) ask(given, paragraph, qa.question, answers, answers, meta, options);
      }
    }
  }
  return { long: long.build(), unanswerable: unanswerable?.build() ?? null, given: given?.build() ?? null };
}
