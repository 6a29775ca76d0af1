// TAT-QA's official metric, as its authors define it (Zhu et al., ACL 2021, `tatqa_metric.py` and `tatqa_utils.py`):
// gold and predicted answers become strings in which every number is written out after its scale ("12.5" with scale
// "percent" → "0.1250", "1,234" with "thousand" → "1234000.0000"), so numbers compare after scale and their sign
// counts; multi-span answers are sorted and joined; EM is equality of the normalised strings, F1 the bag-of-words
// F1 (DROP's), rounded to two decimals; arithmetic and count answers score F1 = EM.
// Python's float formatting and rounding are reproduced where they decide a comparison (round half to even on the
// exact binary value, `str(float)` keeping ".0").

export type TatqaScale = '' | 'thousand' | 'million' | 'billion' | 'percent';

export interface TatqaGold {
  answer: string | number | string[];
  answer_type: 'span' | 'multi-span' | 'arithmetic' | 'count';
  scale: string;
}

export interface TatqaPrediction {
  /** The answer: one string, or the items of a multi-span answer; null or empty when declined. */
  answer: string | string[] | null;
  scale: string;
}

/** A parsed number and whether Python would hold it as a float (it prints "5.0", an int prints "5"). */
interface PyNumber {
  value: number;
  float: boolean;
}

export function scaleToNum(scale: string): number {
  const s = scale.toLowerCase();
  if (s.includes('hundred')) return 100;
  if (s.includes('thousand')) return 1000;
  if (s.includes('million')) return 1_000_000;
  if (s.includes('billion')) return 1_000_000_000;
  if (s.includes('percent')) return 0.01;
  return 1;
}

const EXCLUDE_IN_NUM = new Set(["'", '"', '\\', '$', '€', '£', '¥', '%', '(', ')', ',', '[', ']']);
const cleanNum = (text: string) => [...text].filter((ch) => !EXCLUDE_IN_NUM.has(ch)).join('');

/** Python's float(): accepts what a decimal literal or inf/nan spells, surrounding whitespace allowed. */
function pyFloat(text: string): number | null {
  const t = text.trim().replace(/_/g, '');
  if (/^[+-]?(?:\d+\.?\d*(?:e[+-]?\d+)?|\.\d+(?:e[+-]?\d+)?)$/i.test(t)) return Number(t);
  if (/^[+-]?(?:inf|infinity)$/i.test(t)) return t.startsWith('-') ? -Infinity : Infinity;
  if (/^[+-]?nan$/i.test(t)) return Number.NaN;
  return null;
}

export function isNumber(text: string): boolean {
  const words = text.split(/\s+/).filter(Boolean).map(cleanNum).join(' ').split(/\s+/).filter(Boolean);
  if (words.length === 0) return false;
  const num = pyFloat(words[0] ?? '');
  if (num === null || Number.isNaN(num)) return false;
  if (words.length >= 2 && scaleToNum(words[1] ?? '') === 1) return false;
  return true;
}

function extractOneNum(text: string): PyNumber | null {
  const m = /[+-]?\d+(?:\.\d+)?|[+-]?\.\d+/.exec(cleanNum(text));
  if (!m) return null;
  // Python's findall returns the first group: for ".5" (third alternative) it is empty and the number is dropped.
  if (/^[+-]?\./.test(m[0])) return null;
  return m[0].includes('.') ? { value: Number(m[0]), float: true } : { value: Number(m[0]), float: false };
}

/** Python's round(x, n): half to even on the exact binary value of x. */
export function pyRound(x: number, n: number): number {
  if (!Number.isFinite(x)) return x;
  const fixed = Math.abs(x).toFixed(n);
  const exact = Math.abs(x).toFixed(Math.min(100, n + 30));
  const tail = exact.slice(exact.indexOf('.') + 1 + n);
  if (/^50*$/.test(tail)) {
    // An exact tie: toFixed rounded up; Python keeps the even neighbour.
    const down = Math.abs(x)
      .toFixed(Math.min(100, n + 30))
      .slice(0, exact.indexOf('.') + 1 + n);
    const lastDigit = Number(down.replace('.', '').slice(-1));
    const chosen = lastDigit % 2 === 0 ? Number(down) : Number(fixed);
    return x < 0 ? -chosen : chosen;
  }
  return x < 0 ? -Number(fixed) : Number(fixed);
}

/** Python's "%.4f": correctly rounded, half to even on exact ties. */
function format4(x: number): string {
  const r = pyRound(x, 4);
  const s = Math.abs(r).toFixed(4);
  return r < 0 || Object.is(r, -0) ? `-${s}` : s;
}

/** Python's str() of an int or float. */
function pyStr(n: PyNumber): string {
  const v = n.value;
  if (!n.float) return String(v);
  if (!Number.isFinite(v)) return Number.isNaN(v) ? 'nan' : v > 0 ? 'inf' : '-inf';
  const abs = Math.abs(v);
  if (abs !== 0 && (abs >= 1e16 || abs < 1e-4)) {
    const [mant, exp] = v.toExponential().split('e');
    const e = Number(exp);
    return `${mant}e${e < 0 ? '-' : '+'}${String(Math.abs(e)).padStart(2, '0')}`;
  }
  if (Number.isInteger(v)) return `${Object.is(v, -0) ? '-0' : String(v)}.0`;
  return String(v);
}

function wordScale(text: string): number {
  const m = /[\d.]+\s?[a-zA-Z]+/.exec(text);
  return m ? scaleToNum(m[0].toLowerCase()) : 1;
}

/** tatqa_utils.to_number: the first number, times a scale word after it, negative in "(…)", a hundredth with "%". */
function toNumber(text: string): PyNumber | null {
  const num = extractOneNum(text);
  if (!num) return null;
  const scale = wordScale(text);
  const negative = /\([\d.\s]+\)/.test(text.trim()) ? -1 : 1;
  const percent = /[\d.\s]+%/.test(text.trim()) ? 0.01 : 1;
  const float = num.float || scale === 0.01 || percent === 0.01 || (scale !== 1 && !Number.isInteger(scale));
  // Python's int stays int through multiplication by ints (scale words other than percent are ints there).
  return { value: pyRound(num.value * scale * negative * percent, 4), float };
}

const PUNCTUATION = new Set([...'!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~']);

function normalizeToken(token: string): string {
  let t = token.toLowerCase();
  if (!isNumber(t)) t = [...t].filter((ch) => !PUNCTUATION.has(ch)).join('');
  if (isNumber(t)) {
    const n = toNumber(t);
    t = n ? pyStr(n) : 'None';
  }
  return t
    .replace(/\b(?:a|an|the)\b/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .join(' ');
}

/** tatqa_utils.normalize_answer: per space-separated token, lower-case, drop punctuation, numbers written out. */
export function normalizeTatqa(text: string): string {
  return text
    .split(' ')
    .map(normalizeToken)
    .filter((p) => p.trim())
    .join(' ')
    .trim();
}

/** get_answer_str: numbers after scale as "%.4f", other answers with the scale word; sorted and joined. */
export function answerString(answers: ReadonlyArray<string | number>, scale: string): string {
  const strings = answers.map((a) => String(a)).sort(pyCompare);
  return strings
    .map((s) => {
      if (isNumber(s)) {
        const n = toNumber(s);
        if (n === null) return scale ? `${s} ${scale}` : s;
        if (s.includes('%')) return format4(n.value);
        return format4(pyRound(n.value, 2) * scaleToNum(scale));
      }
      return scale ? `${s} ${scale}` : s;
    })
    .join(' ');
}

/** Python's default string ordering (by code point). */
function pyCompare(a: string, b: string): number {
  const x = [...a].map((c) => c.codePointAt(0) ?? 0);
  const y = [...b].map((c) => c.codePointAt(0) ?? 0);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return (x[i] ?? 0) - (y[i] ?? 0);
  return x.length - y.length;
}

function bagF1(predicted: Set<string>, gold: Set<string>): number {
  let common = 0;
  for (const t of gold) if (predicted.has(t)) common += 1;
  const precision = predicted.size === 0 ? 1 : common / predicted.size;
  const recall = gold.size === 0 ? 1 : common / gold.size;
  return precision === 0 && recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
}

/** get_metrics for one predicted and one gold string (each one bag of words after normalisation). */
function metrics(predicted: string, gold: string): { em: number; f1: number } {
  const p = normalizeTatqa(predicted);
  const g = normalizeTatqa(gold);
  const em = p === g ? 1 : 0;
  const f1 = bagF1(new Set(p.split(' ').filter(Boolean)), new Set(g.split(' ').filter(Boolean)));
  return { em, f1: pyRound(f1, 2) };
}

function goldAnswers(gold: TatqaGold): string[] {
  if (gold.answer_type === 'span' || gold.answer_type === 'multi-span')
    return Array.isArray(gold.answer) ? gold.answer : [String(gold.answer)];
  if (gold.answer_type === 'count') return [String(Math.trunc(Number(gold.answer)))];
  return [pyStrOfJson(gold.answer)];
}

/** str() of a JSON number as Python loaded it: 12.0 in the file stays a float ("12.0"); JS cannot tell, so integers
 * print bare (they compare equal as numbers after "%.4f" either way). */
function pyStrOfJson(v: string | number | string[]): string {
  if (typeof v === 'number') return String(v);
  return Array.isArray(v) ? v.join(' ') : v;
}

/** One question's EM and F1 (0–1) under the official metric. */
export function tatqaOfficial(prediction: TatqaPrediction, gold: TatqaGold): { em: number; f1: number } {
  const answer = prediction.answer;
  if (answer === null || answer === '' || (Array.isArray(answer) && answer.length === 0)) return { em: 0, f1: 0 };
  const golds = goldAnswers(gold);
  if (golds.length === 0) return { em: 0, f1: 0 };
  const goldString = answerString(golds, gold.scale);
  const items = Array.isArray(answer) ? answer : [answer];
  const predictionStrings = [answerString(items, prediction.scale)];
  // add_percent_pred: a bare number without a scale may also be a fraction of a percentage answer.
  const only = items[0];
  if (items.length === 1 && only !== undefined && !prediction.scale && !only.includes('%') && isNumber(only)) {
    const n = toNumber(only);
    if (n) predictionStrings.push(format4(n.value));
  }
  let best = { em: 0, f1: 0 };
  for (const p of predictionStrings) {
    const m = metrics(p, goldString);
    if (m.em > best.em || (m.em === best.em && m.f1 > best.f1)) best = m;
  }
  if (gold.answer_type === 'arithmetic' || gold.answer_type === 'count') return { em: best.em, f1: best.em };
  return best;
}
