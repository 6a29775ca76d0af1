/**
 * What an analyst's question asks for, read from its wording. The kind decides the form of the
 * answer: a span, the sentences that state a cause, Yes/No with the deciding sentence, the chosen
 * item with the figures compared, a computed figure with its formula, or a list.
 */
export type QuestionKind = 'factoid' | 'explanatory' | 'yesno' | 'choice' | 'computed' | 'list';

export type Operation =
  | { op: 'pct_change' }
  | { op: 'change' }
  | { op: 'average' }
  | { op: 'sum' }
  | { op: 'current_ratio' }
  | { op: 'quick_ratio' }
  | { op: 'margin'; of: string }
  | { op: 'ratio'; numerator: string; denominator: string }
  | { op: 'share'; part: string }
  | { op: 'percent_of'; part: string; whole: string };

const YEAR_TAIL = /(?:,? (?:in|at|for|during|as of) (?:the )?(?:fiscal (?:year )?)?(?:19|20)\d{2})?\s*\??\s*$/i;

/** "X as a percentage of Y", "the percentage of X among Y", "what percentage of Y is X": the part and the whole. */
function percentOf(q: string): { part: string; whole: string } | null {
  const clean = (s: string | undefined) =>
    (s ?? '')
      .replace(YEAR_TAIL, '')
      .replace(/^(?:the|a|an) /i, '')
      .trim();
  let m =
    /^(?:what (?:is|was|are|were) )?(?:the )?(?:value of )?(.+?) as a (?:percentage|percent|%|proportion) of (?:the )?(.+)$/i.exec(
      q,
    );
  if (m) return { part: clean(m[1]), whole: clean(m[2]) };
  m = /\bpercentage (?:constitution )?of (?:the )?(.+?) (?:among|out of|in|within) (?:the )?(.+)$/i.exec(q);
  if (m) return { part: clean(m[1]), whole: clean(m[2]) };
  m =
    /^what (?:%|percent(?:age)?) of (?:the )?(.+?) (?:is|was|are|were|does|did) (?:the )?(.+?)(?: make up| account for| represent| constitute)?$/i.exec(
      q.replace(YEAR_TAIL, ''),
    );
  if (m) return { part: clean(m[2]), whole: clean(m[1]) };
  return null;
}

const EXPLANATORY =
  /^\s*(?:why\b|what (?:drove|drives|caused|causes|led to|leads to|contributed to|explains|accounts for)\b|what (?:is|was|are|were) (?:the )?(?:main |primary |key )?(?:reasons?|drivers?|causes?|factors?)\b|describe\b|explain\b|how (?:did|does|do|was|were|is|are) .*\b(?:determined|calculated|defined|measured|estimated|estimate|estimates|define|defines|calculate|calculates|measure|measures)\b)/i;
const YESNO = /^\s*(?:did|does|do|is|are|was|were|has|have|had|can|could|will|would|should)\b/i;
const SUPERLATIVE =
  /\b(?:most|least|highest|lowest|largest|smallest|biggest|greatest|best|worst|faster|fastest|slower|slowest|larger|smaller|higher|lower|more|fewer|bigger)\b/i;
const CHOICE = /^\s*(?:which\b|in which\b|what (?:segment|region|country|year|business|product|division|line)\b)/i;
const LIST =
  /^\s*(?:what|which) (?:are|were) (?:the |its |our )?(?:\w+ ){0,4}?\w+s\b|^\s*(?:list|name)\b|^\s*in which \w+s\b|^\s*which \w+s\b|\b(?:consists?|comprises?|includes?) (?:primarily |mainly )?of\b|\bprimarily include\b|\bwhat do .* include\b/i;

const PCT_CHANGE =
  /\b(?:percent(?:age)? (?:change|increase|decrease|growth|decline)|% change|growth rate|rate of growth|(?:revenue|sales|income|earnings|profit|ebitda) growth|\bgrowth in\b|\bgrowth of\b|grew by what percent|by what percent(?:age)?)\b/i;
const CHANGE = /\b(?:change|difference|increase|decrease|decline)\b/i;
const AVERAGE = /(?<!weighted[- ])\b(?:average|mean)\b/i;
const SUM = /\b(?:sum|combined|total of|in total|altogether)\b/i;
const MARGIN =
  /\b((?:gross|operating|net|ebitda|ebit|profit|pre-?tax|adjusted operating|adjusted ebitda|net profit)\s+)?margin\b/i;
const SHARE = /\b(?:share|proportion|percentage|portion|fraction) of (?:the )?(?:total|all)\b/i;
const RATIO =
  /\bratio of (.+?) to (.+?)(?= in\b| for\b| at\b| as of\b|\?|$)|\b(\w+(?: \w+)?) to (\w+(?: \w+)?) ratio\b/i;

/** The arithmetic a computed question asks for, or null. */
export function operationOf(question: string): Operation | null {
  const q = question.replace(/\s+/g, ' ');
  if (/\bcurrent ratio\b/i.test(q)) return { op: 'current_ratio' };
  if (/\b(?:quick|acid[- ]test) ratio\b/i.test(q)) return { op: 'quick_ratio' };
  const ratio = RATIO.exec(q);
  if (ratio) {
    const numerator = (ratio[1] ?? ratio[3] ?? '').trim();
    const denominator = (ratio[2] ?? ratio[4] ?? '').trim();
    if (numerator && denominator) return { op: 'ratio', numerator, denominator };
  }
  if (PCT_CHANGE.test(q)) return { op: 'pct_change' };
  const share = percentOf(q);
  if (share?.part && share.whole) return { op: 'percent_of', ...share };
  const margin = MARGIN.exec(q);
  if (margin && /\bwhat (?:is|was|were)\b|\bcompute|\bcalculate/i.test(q))
    return { op: 'margin', of: (margin[1] ?? 'net').trim() };
  if (SHARE.test(q)) {
    const part =
      /\b(?:did|do|does|was|were|is|are) (?:the )?(.+?) (?:represent|account for|make up|constitute|contribute)\b/i.exec(
        q,
      )?.[1] ??
      /\bof (?:total|all) .+? (?:were|was|is|are) (?:the )?(.+?)(?: in| at| for|\?|$)/i.exec(q)?.[1] ??
      '';
    return { op: 'share', part };
  }
  if (AVERAGE.test(q)) return { op: 'average' };
  if (
    CHANGE.test(q) &&
    /\b(?:19|20)\d{2}\b.*\b(?:19|20)\d{2}\b|\bfrom\b|\bbetween\b|\bover\b|\byear[- ]over[- ]year\b/i.test(q)
  )
    return { op: 'change' };
  if (SUM.test(q)) return { op: 'sum' };
  // "the total X in 2018 and 2019", "across 2018 and 2019", "in both 2017 and 2018": one row over the years named.
  if (
    /\btotal\b/i.test(q) &&
    /\b(?:19|20)\d{2}\b.*\b(?:and|to)\b.*\b(?:19|20)\d{2}\b/i.test(q) &&
    !/\brespectively\b/i.test(q)
  )
    return { op: 'sum' };
  return null;
}

export function questionKind(question: string): QuestionKind {
  const q = question.trim();
  if (EXPLANATORY.test(q)) return 'explanatory';
  if (YESNO.test(q)) return 'yesno';
  if (CHOICE.test(q) && SUPERLATIVE.test(q)) return 'choice';
  if (/^\s*which\b[^?]*\bor\b/i.test(q)) return 'choice';
  if (/^\s*(?:what|how much|how many|calculate|compute)\b/i.test(q) && operationOf(q)) return 'computed';
  // "What were debtors in 2019?" asks for a figure of a period, not a list.
  if (LIST.test(q) && !/\b(?:19|20)\d{2}\b/.test(q)) return 'list';
  return 'factoid';
}

/** Words that say what kind of question it is, not what it is about: left out of retrieval. */
export const CUE_WORDS: ReadonlySet<string> = new Set(
  `drove drive driven cause caused causes led lead contributed contribute explain explains describe reason reasons driver
  drivers factor factors main primary key change changes changed percentage percent growth grew increase increased decrease
  decreased average mean ratio share proportion difference larger smaller highest lowest largest smallest most least
  faster slower compute calculate represent company company's list name`
    .split(/\s+/)
    .filter(Boolean),
);
