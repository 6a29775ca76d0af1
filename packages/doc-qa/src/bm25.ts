export interface Bm25Options {
  k1?: number;
  b?: number;
}

export interface Hit {
  doc: number;
  score: number;
}

/**
 * Okapi BM25 over pre-tokenised documents. Postings are built once per document set; a query
 * touches only the postings of its own terms, so it stays fast on a few thousand passages.
 */
export class Bm25Index {
  readonly size: number;
  private readonly postings = new Map<string, Array<[doc: number, tf: number]>>();
  private readonly lengths: Float64Array;
  private readonly avgLength: number;
  private readonly k1: number;
  private readonly b: number;

  constructor(docs: ReadonlyArray<readonly string[]>, options: Bm25Options = {}) {
    this.k1 = options.k1 ?? 1.2;
    this.b = options.b ?? 0.75;
    this.size = docs.length;
    this.lengths = new Float64Array(docs.length);
    let total = 0;
    for (const [doc, terms] of docs.entries()) {
      this.lengths[doc] = terms.length;
      total += terms.length;
      const tf = new Map<string, number>();
      for (const t of terms) tf.set(t, (tf.get(t) ?? 0) + 1);
      for (const [t, n] of tf) {
        let list = this.postings.get(t);
        if (!list) {
          list = [];
          this.postings.set(t, list);
        }
        list.push([doc, n]);
      }
    }
    this.avgLength = docs.length > 0 ? total / docs.length : 0;
  }

  has(term: string): boolean {
    return this.postings.has(term);
  }

  /** Inverse document frequency, never negative (a term in most passages weighs almost nothing). */
  idf(term: string): number {
    const df = this.postings.get(term)?.length ?? 0;
    return Math.log(1 + (this.size - df + 0.5) / (df + 0.5));
  }

  /** The best `limit` documents for the query terms, best first; documents sharing no term are left out. */
  search(queryTerms: readonly string[], limit: number): Hit[] {
    const scores = new Map<number, number>();
    for (const term of new Set(queryTerms)) {
      const list = this.postings.get(term);
      if (!list) continue;
      const idf = this.idf(term);
      for (const [doc, tf] of list) {
        const norm = 1 - this.b + (this.b * (this.lengths[doc] ?? 0)) / (this.avgLength || 1);
        const s = (idf * tf * (this.k1 + 1)) / (tf + this.k1 * norm);
        scores.set(doc, (scores.get(doc) ?? 0) + s);
      }
    }
    return [...scores]
      .map(([doc, score]) => ({ doc, score }))
      .sort((x, y) => y.score - x.score || x.doc - y.doc)
      .slice(0, limit);
  }
}
