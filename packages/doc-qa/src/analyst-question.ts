// Questions as analysts write them: the question wrapped in instructions ("Answer in USD millions.", "Round your
// answer to two decimal places.", "Base your judgments on the information provided primarily in the balance
// sheet.", "ROA is defined as: …"). Read into what is asked, the statement named, the periods, and the unit and
// rounding wanted.
import type { Scale } from './finance';

export type Statement = 'balance' | 'income' | 'cashflow';

export interface AnalystAsk {
  /** The question without its instructions. */
  core: string;
  statements: Statement[];
  /** The unit the answer is wanted in: a money scale, percent, or null when none is asked. */
  unit: Scale | 'percent' | null;
  decimals: number | null;
  /** Fiscal years named, in order of mention ("FY2019", "FY 2023", "2022"). */
  years: number[];
  /** "X is defined as: …", when the question defines its metric. */
  definition: string | null;
  /** "If gross margin is not a useful metric for a company like this, then state that …": the metric named. */
  relevanceOf: string | null;
}

const STATEMENT_WORDS: Array<[Statement, RegExp]> = [
  ['balance', /\bbalance sheets?\b|\bstatements? of financial position\b/i],
  ['income', /\bincome statements?\b|\bstatements? of (?:income|operations|earnings)\b|\bP&L\b|\bprofit and loss\b/i],
  ['cashflow', /\bcash ?flows? statements?\b|\bstatements? of cash ?flows?\b/i],
];

const INSTRUCTION =
  /^(?:answer\b|round\b|base |basing |give |provide |respond |please\b|calculate what|calculate (?:unadjusted )?\w+ using|using only|utiliz|we need|we want|here['’]s|the answer|assume|address the question|(?:when )?(?:primarily )?referenc|according to the details|if [^.?]* (?:is|are) not (?:a )?(?:useful|relevant)|define\b|[\w\s()&-]{2,60} (?:is|are) defined as\b|this answer\b)/i;

const NUMBER_WORDS: Record<string, number> = { zero: 0, one: 1, two: 2, three: 3, four: 4 };

/** Splits the question into its sentences, keeping a defined formula ("… defined as: a / (b)") whole. */
function sentences(question: string): string[] {
  return (
    question
      .replace(/\s+/g, ' ')
      // Not after an abbreviation or an initial ("St. John's", "Alfred S. Brown", "U.S. Patent").
      .split(/(?<!\b(?:[A-Z]|St|Mr|Mrs|Ms|Dr|Inc|Co|Corp|Ltd|No|vs|U\.S|U\.K)\.)(?<=[.?!])\s+(?=[A-Z(])/)
      .map((s) => s.trim())
      .filter(Boolean)
  );
}

/** Lead-ins before the question itself: "In agreement with the information outlined in the income statement, what is …". */
const LEAD_IN =
  /^(?:[^?]*?\b(?:statements?|sheet|information|P&L|details|data)\b[^?]*?,\s*|here['’]s the question:\s*|please answer the following question:\s*)(?=(?:what|how|which|who|is|are|does|do|did|was|were|has|have|can)\b)/i;

export function parseAnalystQuestion(question: string): AnalystAsk {
  const all = question.replace(/\s+/g, ' ').trim();
  const statements = STATEMENT_WORDS.filter(([, re]) => re.test(all)).map(([s]) => s);
  let unit: AnalystAsk['unit'] = null;
  if (/\b(?:in )?(?:USD|US\$|\$)? ?millions\b/i.test(all)) unit = 'million';
  else if (/\b(?:in )?(?:USD|US\$|\$)? ?billions\b/i.test(all)) unit = 'billion';
  else if (/\bin (?:USD |US\$ |\$ )?thousands\b/i.test(all)) unit = 'thousand';
  else if (/\bunits of percents?\b|\(as a %\)|\bas a percent(?:age)?\b|% margin\b/i.test(all)) unit = 'percent';
  const rounding = /\bround(?:ed)?(?: your)?(?: answer)?(?: the answer)? to (\w+) decimal/i
    .exec(all)?.[1]
    ?.toLowerCase();
  const decimals = rounding === undefined ? null : (NUMBER_WORDS[rounding] ?? (Number(rounding) || null));
  const years: number[] = [];
  for (const m of all.matchAll(/\bFY ?'?((?:19|20)?\d{2})\b|\b((?:19|20)\d{2})\b/gi)) {
    const raw = m[1] ?? m[2] ?? '';
    const y = raw.length === 2 ? 2000 + Number(raw) : Number(raw);
    if (!years.includes(y)) years.push(y);
  }
  const definition = /\bdefined as:?\s*(.+?)(?:\.\s+[A-Z]|\.?$)/i.exec(all)?.[1] ?? null;
  const relevanceOf = /\bif ([\w\s&%-]+?) (?:is|are) not (?:a )?(?:useful|relevant)/i.exec(all)?.[1]?.trim() ?? null;
  const split = sentences(all);
  const kept = split.filter((s) => !INSTRUCTION.test(s));
  const chosen = kept.find((s) => /\?$/.test(s)) ?? kept[0] ?? all;
  const stripped = chosen
    .replace(LEAD_IN, '')
    .replace(/\s*\((?:in (?:USD|US\$|\$) ?(?:millions|billions|thousands)|as a %|in units of[^)]*)\)/gi, '')
    .replace(/\s*\(using [^)]*\)/gi, '')
    .trim();
  // A question without instructions is read as asked.
  const core =
    kept.length === split.length && stripped === chosen && kept.length === 1
      ? question.trim()
      : stripped.replace(/^\w/, (c) => c.toUpperCase());
  return { core, statements, unit, decimals, years, definition, relevanceOf };
}
