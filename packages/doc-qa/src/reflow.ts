// Financial statements as some PDF text extractors give them: every label, "$" and figure on its own line
// ("Net sales\n$\n55,466 $\n56,435"), the period headers one per line, and words run together
// ("Merchandiseinventories"). Reflowed into the row layout the table reader knows: the label, then its figures
// right-aligned in columns under the period headers. Text in any other layout passes unchanged.
import { splitPages } from './chunk';

const FIGURE = /^(?:[$€£]\s*)?(?:\(\s*[$€£]?\s*[\d,]+(?:\.\d+)?\s*\)|[-−–]?\s*[\d,]*\d(?:\.\d+)?)\s*%?$/;
const DASH = /^[—–-]+$/;
const MONTH =
  '(?:January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)\\.?';
const PERIOD = new RegExp(
  `^(?:(?:fiscal |FY ?)?(?:19|20)\\d{2}|${MONTH} \\d{1,2}, ?(?:19|20)\\d{2}|(?:Q[1-4]|[1-4]Q) ?(?:FY)?'?\\d{2,4})$`,
  'i',
);

/** A line's figure, without the "$" a column prints beside it; null when the line is no figure. */
function figureOf(line: string): string | null {
  const t = line
    .trim()
    .replace(/^\$\s*(?=[\d(])/, '$')
    .replace(/\s*[$€£]$/, '')
    .trim();
  if (DASH.test(t)) return '—';
  if (!FIGURE.test(t) || !/\d/.test(t)) return null;
  // A year alone is a period header, not a figure.
  if (/^(?:19|20)\d{2}$/.test(t)) return null;
  return t.replace(/^\$\s*/, '');
}

const isFiller = (line: string) => /^\s*[$€£]?\s*$/.test(line);

/** Common words of statements, to split labels a text extractor ran together. */
const LEXICON =
  `card gift long-term accounts accrued accumulated acquisition acquisitions activities additional adjustments administrative
after allowance amortization and assets at available balance before benefit benefits borrowings buildings business
capital cash changes common compensation comprehensive contingencies continuing cost costs credit current customer
debt deferred deposits depreciation development discontinued dividends due earnings equipment equity equivalents
except expense expenses fair financing finance fixtures for from general gift goodwill gross held improvements in
income intangible interest inventories inventory investing investments issued land lease leasehold leases less
liabilities liability long marketing merchandise net non noncontrolling notes of operating operations or other
outstanding paid par payable per plant portion preferred prepaid proceeds property provision purchases receivable
receivables redeemed related repayments research retained revenue revenues sales securities selling services share
shareholders shares short stock taxes term the to total treasury unredeemed value under capital financing
operating and assets equity`
    .split(/\s+/)
    .filter(Boolean);

/** Splits a run-together word into known words (fewest pieces), or returns it unchanged. */
export function splitRunTogether(word: string, vocabulary: ReadonlySet<string>): string {
  const lower = word.toLowerCase();
  if (lower.length < 7 || vocabulary.has(lower)) return word;
  const best: Array<number[] | null> = [[]];
  for (let end = 1; end <= lower.length; end++) {
    best[end] = null;
    for (let start = Math.max(0, end - 20); start < end; start++) {
      const before = best[start];
      if (!before) continue;
      const piece = lower.slice(start, end);
      if (piece.length < 2 && piece !== 'a') continue;
      if (!vocabulary.has(piece)) continue;
      const current = best[end];
      if (!current || before.length + 1 < current.length) best[end] = [...before, end];
    }
  }
  const cuts = best[lower.length];
  if (!cuts || cuts.length < 2) return word;
  let out = '';
  let from = 0;
  for (const cut of cuts) {
    out += `${from > 0 ? ' ' : ''}${word.slice(from, cut)}`;
    from = cut;
  }
  return out;
}

function labelWords(label: string, vocabulary: ReadonlySet<string>): string {
  return label.replace(/[A-Za-z]{7,}/g, (w) => splitRunTogether(w, vocabulary));
}

interface Built {
  label: string;
  figures: string[];
}

const COLUMN_WIDTH = 20;

/** A row laid out later, once the page's widest label is known: figures line up on their right edges. */
interface Pending {
  label: string;
  figures: readonly string[];
}

function layoutRow(label: string, figures: readonly string[]): Pending {
  return { label, figures };
}

function render(line: string | Pending, width: number): string {
  if (typeof line === 'string') return line;
  return `${line.label.padEnd(width)}${line.figures.map((f) => `   ${f}`.padStart(COLUMN_WIDTH)).join('')}`;
}

/** One page: runs of label / figure lines become rows; runs of period lines become a header line. */
function reflowPage(page: string, vocabulary: ReadonlySet<string>): string {
  const lines = page.split('\n');
  const out: Array<string | Pending> = [];
  let i = 0;
  let changed = false;
  while (i < lines.length) {
    const line = lines[i] ?? '';
    const trimmed = line.trim();
    // Period headers, one per line: "2022" / "2021" / "2020" or "February 2, 2019" / "February 3, 2018".
    if (PERIOD.test(trimmed)) {
      const periods = [trimmed];
      let j = i + 1;
      while (j < lines.length) {
        const t = (lines[j] ?? '').trim();
        if (PERIOD.test(t)) periods.push(t);
        else if (t !== '') break;
        j += 1;
      }
      if (periods.length >= 2) {
        out.push(layoutRow('', periods));
        i = j;
        changed = true;
        continue;
      }
    }
    if (trimmed && figureOf(trimmed) === null && !isFiller(line)) {
      // A label, then its figures on the lines below (blank and "$" lines between them).
      const figures: string[] = [];
      let j = i + 1;
      while (j < lines.length) {
        const next = lines[j] ?? '';
        const f = figureOf(next);
        if (f !== null) figures.push(f);
        else if (!isFiller(next)) break;
        j += 1;
      }
      if (figures.length > 0 && trimmed.length <= 160) {
        const built: Built = { label: labelWords(trimmed, vocabulary), figures };
        // A label broken over two lines ("NET INCOME ATTRIBUTABLE TO SHAREOWNERS OF" / "THE COCA-COLA COMPANY").
        const prev = out[out.length - 1];
        if (typeof prev === 'string' && /\b(?:of|and|to|from|for|in|on|the|net of|less)$|,$/i.test(prev.trim())) {
          out.pop();
          built.label = `${prev.trim()} ${built.label}`;
        }
        out.push(layoutRow(built.label, built.figures));
        i = j;
        changed = true;
        continue;
      }
    }
    // Lines of spaces or a lone "$" between a statement's rows would end the table there.
    if (!(line !== '' && isFiller(line)))
      out.push(trimmed && figureOf(trimmed) === null ? labelWords(line, vocabulary) : line);
    i += 1;
  }
  if (!changed) return page;
  const width = Math.min(160, Math.max(0, ...out.map((l) => (typeof l === 'string' ? 0 : l.label.length)))) + 3;
  const body = out.map((l) => render(l, width)).join('\n');
  // The page keeps its closing line break, so the next page's marker stays on a line of its own.
  const trailing = /\n*$/.exec(page)?.[0] ?? '';
  return body.replace(/\n*$/, '') + trailing;
}

/** The document with statements laid out as rows (pages of other layouts unchanged). */
export function reflowStatements(text: string): string {
  // Only documents that print figures on lines of their own need it.
  const alone = text.match(/^[ \t]*\$?[ \t]*\(?[\d,]{3,}(?:\.\d+)?\)?[ \t]*\$?[ \t]*$/gm)?.length ?? 0;
  if (alone < 8) return text;
  const vocabulary = new Set<string>(LEXICON);
  // Words the document prints more than once (a run-together label is printed once).
  const seen = new Set<string>();
  for (const m of text.matchAll(/\b[a-z]{2,}\b/gi)) {
    const w = m[0].toLowerCase();
    if (w.length > 14) continue;
    if (seen.has(w)) vocabulary.add(w);
    else seen.add(w);
  }
  const spans = splitPages(text);
  if (spans.length === 0) return reflowPage(text, vocabulary);
  let out = '';
  let at = 0;
  for (const span of spans) {
    out += text.slice(at, span.start);
    out += reflowPage(text.slice(span.start, span.end), vocabulary);
    at = span.end;
  }
  return out + text.slice(at);
}
