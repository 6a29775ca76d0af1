// Positions ordered by a number each, as a stable sort would order them, without a comparator: a day's
// screen sorts 10,000 companies on its first request and on each new sort (Array#sort with a comparator
// took ~10–20 ms of the server's thread there; this takes ~1 ms).

const word = new Float64Array(1);
const halves = new Uint32Array(word.buffer);
/** Which of `halves` holds a double's sign and exponent. */
const HIGH = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1 ? 1 : 0;
const LOW = 1 - HIGH;

/**
 * The positions `0 … keys.length - 1` by their key, ascending or descending, those whose key is NaN
 * last; equal keys (0 and -0 too) keep their positions' order. A least-significant-digit radix sort
 * over each key's 64 bits, mapped so that unsigned order is numeric order: it is stable, so ties stay
 * in position order whichever the direction.
 */
export function orderByNumber(keys: Float64Array, descending: boolean): Uint32Array {
  const n = keys.length;
  const high = new Uint32Array(n);
  const low = new Uint32Array(n);
  let order = new Uint32Array(n);
  const none: number[] = [];
  let count = 0;
  for (let i = 0; i < n; i++) {
    const v = keys[i] as number;
    if (Number.isNaN(v)) {
      none.push(i);
      continue;
    }
    // -0 + 0 is 0: both zeros are one key.
    word[0] = v + 0;
    let h = halves[HIGH] as number;
    let l = halves[LOW] as number;
    // Negative numbers: every bit flipped (the larger the magnitude, the smaller); positive: the sign set.
    if (h & 0x80000000) {
      h = ~h;
      l = ~l;
    } else h |= 0x80000000;
    if (descending) {
      h = ~h;
      l = ~l;
    }
    high[i] = h >>> 0;
    low[i] = l >>> 0;
    order[count++] = i;
  }
  let next = new Uint32Array(n);
  const counts = new Uint32Array(256);
  for (let pass = 0; pass < 8; pass++) {
    const bits = pass < 4 ? low : high;
    const shift = (pass % 4) * 8;
    counts.fill(0);
    for (let j = 0; j < count; j++) {
      const d = ((bits[order[j] as number] as number) >>> shift) & 255;
      counts[d] = (counts[d] as number) + 1;
    }
    let start = 0;
    for (let d = 0; d < 256; d++) {
      const c = counts[d] as number;
      counts[d] = start;
      start += c;
    }
    for (let j = 0; j < count; j++) {
      const i = order[j] as number;
      const d = ((bits[i] as number) >>> shift) & 255;
      const at = counts[d] as number;
      next[at] = i;
      counts[d] = at + 1;
    }
    [order, next] = [next, order];
  }
  for (const i of none) order[count++] = i;
  return order;
}
