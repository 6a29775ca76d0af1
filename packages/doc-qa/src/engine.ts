import { Bm25Index, type Hit } from './bm25';
import { type ChunkOptions, chunkDocument, type Passage } from './chunk';
import { type Candidate, type QuestionTerms, readR0 } from './reader';
import { terms } from './text';

/** A passage shown as evidence, with the answer span inside it when there is one. */
export interface Evidence {
  page: number;
  text: string;
  /** Offsets of the passage in the document text. */
  start: number;
  end: number;
  /** The answer inside `text`, as [start, end) offsets, or null. */
  highlight: { start: number; end: number } | null;
}

/** What `answer(question)` returns: an answer with its evidence, or null when nothing supports one. */
export interface AnswerResult {
  answer: string | null;
  /** Reader confidence, 0–1 (higher is better). */
  score: number;
  passage: Evidence | null;
  page: number | null;
  highlight: { start: number; end: number } | null;
  /** Up to two other passages that also bear on the question. */
  alternatives: Evidence[];
}

export interface DocQaOptions extends ChunkOptions {
  /** How many passages the reader looks at. */
  readDepth?: number;
  /** Below this share of the question's weighted terms in the answer's sentence, answer null. */
  minSupport?: number;
}

export interface DocQaEngine {
  readonly passages: readonly Passage[];
  /** Passages ranked by BM25 for the question, best first. */
  retrieve(question: string, limit: number): Hit[];
  answer(question: string): AnswerResult;
}

function evidence(p: Passage, c: Candidate | null): Evidence {
  return {
    page: p.page,
    text: p.text,
    start: p.start,
    end: p.end,
    highlight: c ? { start: c.start, end: c.end } : null,
  };
}

/**
 * Retrieve-then-read over one document: the text is cut into passages and indexed once;
 * each question retrieves the best passages with BM25 and reader R0 picks the span.
 */
export function createDocQa(text: string, options: DocQaOptions = {}): DocQaEngine {
  const readDepth = options.readDepth ?? 4;
  const minSupport = options.minSupport ?? 0.3;
  const passages = chunkDocument(text, options);
  const index = new Bm25Index(passages.map((p) => terms(p.text)));

  const questionTerms = (question: string): QuestionTerms => {
    const weights = new Map<string, number>();
    const qs = terms(question);
    // A question word the document never uses is usually a paraphrase ("located" for "in");
    // weighing it like the rarest word the document does use keeps it from drowning the rest.
    let cap = 0;
    for (const t of qs) if (index.has(t)) cap = Math.max(cap, index.idf(t));
    for (const t of qs) weights.set(t, index.has(t) ? index.idf(t) : cap || index.idf(t));
    let total = 0;
    for (const w of weights.values()) total += w;
    return { weights, total };
  };

  const retrieve = (question: string, limit: number) => index.search(terms(question), limit);

  return {
    passages,
    retrieve,
    answer(question) {
      const none: AnswerResult = {
        answer: null,
        score: 0,
        passage: null,
        page: null,
        highlight: null,
        alternatives: [],
      };
      const hits = retrieve(question, readDepth);
      const top = hits[0];
      if (!top) return none;
      const ranked = hits.map((h) => passages[h.doc] as Passage);
      const qTerms = questionTerms(question);
      const scores = hits.map((h) => h.score / top.score);
      const best = readR0(question, ranked, qTerms, { passageScores: scores });
      if (!best || best.support < minSupport) return none;
      const chosen = ranked[best.passage] as Passage;
      const alternatives = ranked
        .filter((_, i) => i !== best.passage)
        .slice(0, 2)
        .map((p) => evidence(p, readR0(question, [p], qTerms)));
      return {
        answer: best.text,
        score: Math.min(1, Math.max(0, best.score)),
        passage: evidence(chosen, best),
        page: chosen.page,
        highlight: { start: best.start, end: best.end },
        alternatives,
      };
    },
  };
}
