/**
 * Tickers are five letters ending in J, a shape no US listing uses (a test checks SEC's lists), assigned
 * by a fixed permutation so they are unique; names grow from the ticker, so they are unique too.
 */

const CONSONANTS = 'BCDFGHKLMNPRSTVWZ';
const VOWELS = 'AEIOU';
const C = CONSONANTS.length;
const V = VOWELS.length;
/** C V C V J, then C V C C J. */
const SPACE_CVCV = C * V * C * V;
const SPACE_CVCC = C * V * C * C;
export const MAX_DEMO_COMPANIES = SPACE_CVCV + SPACE_CVCC;

const AFTER_VOWEL = [
  'lis',
  'tron',
  'nex',
  'vant',
  'dyne',
  'ris',
  'plex',
  'gen',
  'lor',
  'rix',
  'mont',
  'quel',
  'ster',
  'vira',
];
const AFTER_CONSONANT = ['ora', 'ixa', 'ium', 'ara', 'elle', 'ity', 'oro', 'una', 'iva', 'olux', 'enza', 'aria'];

/** An odd multiplier, so `index × STEP mod space` visits every slot once. */
const STEP_CVCV = 4_327;
const STEP_CVCC = 15_731;

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}
// Guard the permutation property if someone edits the alphabets.
if (gcd(STEP_CVCV, SPACE_CVCV) !== 1 || gcd(STEP_CVCC, SPACE_CVCC) !== 1) {
  throw new Error('demo ticker permutation steps must be coprime with their spaces');
}

function spell(n: number, pattern: readonly string[]): string {
  let rest = n;
  const letters: string[] = [];
  for (let i = pattern.length - 1; i >= 0; i--) {
    const alphabet = pattern[i] as string;
    letters.unshift(alphabet.charAt(rest % alphabet.length));
    rest = Math.floor(rest / alphabet.length);
  }
  return `${letters.join('')}J`;
}

export function demoTicker(index: number, seed: number): string {
  if (index < 0 || index >= MAX_DEMO_COMPANIES) throw new RangeError(`demo company index ${index} out of range`);
  const offset = Math.abs(seed) % 997;
  if (index < SPACE_CVCV) {
    return spell((index * STEP_CVCV + offset) % SPACE_CVCV, [CONSONANTS, VOWELS, CONSONANTS, VOWELS]);
  }
  return spell(((index - SPACE_CVCV) * STEP_CVCC + offset) % SPACE_CVCC, [CONSONANTS, VOWELS, CONSONANTS, CONSONANTS]);
}

export function demoStem(ticker: string, pick: number): string {
  const root = ticker.slice(0, 4).toLowerCase();
  const endsInVowel = VOWELS.includes(ticker.charAt(3));
  const endings = endsInVowel ? AFTER_VOWEL : AFTER_CONSONANT;
  const word = root + endings[Math.floor(pick * endings.length)];
  return word.charAt(0).toUpperCase() + word.slice(1);
}
