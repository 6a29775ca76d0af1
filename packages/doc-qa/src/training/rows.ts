// Many questions' candidate rows as compressed sparse rows: what fitters read, workers send and the disk cache keeps.
// Feature indices below `FEATURES.length` are dense; `FEATURES.length + i` is lexical index i.
export interface RowSet {
  /** Question q's rows are qStart[q] … qStart[q + 1]. */
  qStart: Int32Array;
  /** Row r's features are idx/val[rowStart[r] … rowStart[r + 1]]. */
  rowStart: Int32Array;
  idx: Int32Array;
  val: Float32Array;
  target: Float32Array;
  support: Float32Array;
  /** Added to the row's score in the softmax: log(1 / sampling rate) for sampled wrong spans, else 0. */
  offset: Float32Array;
  texts: string[];
  /** Per question: gold answers (empty: unanswerable), group (long document) and id. */
  answers: string[][];
  groups: string[];
  ids: string[];
}

export class RowSetBuilder {
  private qStart: number[] = [0];
  private rowStart: number[] = [0];
  private idx = new Int32Array(1 << 16);
  private val = new Float32Array(1 << 16);
  private nnz = 0;
  private target: number[] = [];
  private support: number[] = [];
  private offset: number[] = [];
  private texts: string[] = [];
  private answers: string[][] = [];
  private groups: string[] = [];
  private ids: string[] = [];

  private grow(extra: number) {
    if (this.nnz + extra <= this.idx.length) return;
    let size = this.idx.length;
    while (size < this.nnz + extra) size *= 2;
    const idx = new Int32Array(size);
    idx.set(this.idx.subarray(0, this.nnz));
    const val = new Float32Array(size);
    val.set(this.val.subarray(0, this.nnz));
    this.idx = idx;
    this.val = val;
  }

  addRow(
    entries: { idx: ArrayLike<number>; val: ArrayLike<number> },
    row: { target: number; support: number; offset?: number; text?: string },
  ) {
    this.grow(entries.idx.length);
    for (let i = 0; i < entries.idx.length; i += 1) {
      this.idx[this.nnz] = entries.idx[i] as number;
      this.val[this.nnz] = entries.val[i] as number;
      this.nnz += 1;
    }
    this.rowStart.push(this.nnz);
    this.target.push(row.target);
    this.support.push(row.support);
    this.offset.push(row.offset ?? 0);
    if (row.text !== undefined) this.texts.push(row.text);
  }

  endQuestion(question: { answers: string[]; group: string; id: string }) {
    this.qStart.push(this.target.length);
    this.answers.push(question.answers);
    this.groups.push(question.group);
    this.ids.push(question.id);
  }

  build(): RowSet {
    return {
      qStart: Int32Array.from(this.qStart),
      rowStart: Int32Array.from(this.rowStart),
      idx: this.idx.slice(0, this.nnz),
      val: this.val.slice(0, this.nnz),
      target: Float32Array.from(this.target),
      support: Float32Array.from(this.support),
      offset: Float32Array.from(this.offset),
      texts: this.texts,
      answers: this.answers,
      groups: this.groups,
      ids: this.ids,
    };
  }
}

export const questionsIn = (s: RowSet) => s.qStart.length - 1;
export const rowsIn = (s: RowSet) => s.target.length;

export function concatRows(sets: readonly RowSet[]): RowSet {
  const Q = sets.reduce((n, s) => n + questionsIn(s), 0);
  const R = sets.reduce((n, s) => n + rowsIn(s), 0);
  const N = sets.reduce((n, s) => n + s.idx.length, 0);
  const out: RowSet = {
    qStart: new Int32Array(Q + 1),
    rowStart: new Int32Array(R + 1),
    idx: new Int32Array(N),
    val: new Float32Array(N),
    target: new Float32Array(R),
    support: new Float32Array(R),
    offset: new Float32Array(R),
    texts: [],
    answers: [],
    groups: [],
    ids: [],
  };
  let q = 0;
  let r = 0;
  let n = 0;
  for (const s of sets) {
    for (let i = 1; i < s.qStart.length; i += 1) out.qStart[q + i] = r + (s.qStart[i] as number);
    for (let i = 1; i < s.rowStart.length; i += 1) out.rowStart[r + i] = n + (s.rowStart[i] as number);
    out.idx.set(s.idx, n);
    out.val.set(s.val, n);
    out.target.set(s.target, r);
    out.support.set(s.support, r);
    out.offset.set(s.offset, r);
    for (const t of s.texts) out.texts.push(t);
    for (const a of s.answers) out.answers.push(a);
    for (const g of s.groups) out.groups.push(g);
    for (const id of s.ids) out.ids.push(id);
    q += questionsIn(s);
    r += rowsIn(s);
    n += s.idx.length;
  }
  return out;
}

export function selectQuestions(s: RowSet, keep: (q: number) => boolean): RowSet {
  const b = new RowSetBuilder();
  const hasTexts = s.texts.length === rowsIn(s);
  for (let q = 0; q < questionsIn(s); q += 1) {
    if (!keep(q)) continue;
    for (let r = s.qStart[q] as number; r < (s.qStart[q + 1] as number); r += 1) {
      const a = s.rowStart[r] as number;
      const e = s.rowStart[r + 1] as number;
      b.addRow(
        { idx: s.idx.subarray(a, e), val: s.val.subarray(a, e) },
        {
          target: s.target[r] as number,
          support: s.support[r] as number,
          offset: s.offset[r] as number,
          ...(hasTexts ? { text: s.texts[r] as string } : {}),
        },
      );
    }
    b.endQuestion({ answers: s.answers[q] ?? [], group: s.groups[q] ?? '', id: s.ids[q] ?? '' });
  }
  return b.build();
}

const ARRAYS = ['qStart', 'rowStart', 'idx', 'val', 'target', 'support', 'offset'] as const;

/** A row set as one buffer (typed arrays, then the strings as JSON), for the cache on disk. */
export function serialiseRows(s: RowSet): Buffer {
  const strings = Buffer.from(
    JSON.stringify({ texts: s.texts, answers: s.answers, groups: s.groups, ids: s.ids }),
    'utf8',
  );
  const lengths = ARRAYS.map((k) => s[k].length);
  const header = Buffer.from(JSON.stringify({ lengths, strings: strings.length }), 'utf8');
  const parts: Buffer[] = [];
  const size = Buffer.alloc(4);
  size.writeUInt32LE(header.length);
  parts.push(size, header);
  for (const k of ARRAYS) parts.push(Buffer.from(s[k].buffer, s[k].byteOffset, s[k].byteLength));
  parts.push(strings);
  return Buffer.concat(parts);
}

export function deserialiseRows(buf: Buffer): RowSet {
  const headerLength = buf.readUInt32LE(0);
  const header = JSON.parse(buf.subarray(4, 4 + headerLength).toString('utf8')) as {
    lengths: number[];
    strings: number;
  };
  let at = 4 + headerLength;
  const take = <T>(make: (b: ArrayBuffer) => T, n: number) => {
    const copy = new Uint8Array(n * 4);
    copy.set(buf.subarray(at, at + n * 4));
    at += n * 4;
    return make(copy.buffer);
  };
  const [qs, rs, ns, nv, nt, nsu, no] = header.lengths as [number, number, number, number, number, number, number];
  const out = {
    qStart: take((b) => new Int32Array(b), qs),
    rowStart: take((b) => new Int32Array(b), rs),
    idx: take((b) => new Int32Array(b), ns),
    val: take((b) => new Float32Array(b), nv),
    target: take((b) => new Float32Array(b), nt),
    support: take((b) => new Float32Array(b), nsu),
    offset: take((b) => new Float32Array(b), no),
  };
  const strings = JSON.parse(buf.subarray(at, at + header.strings).toString('utf8')) as Pick<
    RowSet,
    'texts' | 'answers' | 'groups' | 'ids'
  >;
  return { ...out, ...strings };
}
