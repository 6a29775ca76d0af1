/** Every draw is a hash of its coordinates, so any value can be recomputed alone, in any order, on any day. */

/** A 32-bit avalanche hash of up to four integers (murmur3's finaliser applied per word). */
export function hash32(a: number, b = 0, c = 0, d = 0): number {
  let h = 0x9e3779b9 ^ a;
  h = mix(h ^ Math.imul(b, 0x85ebca6b));
  h = mix(h ^ Math.imul(c, 0xc2b2ae35));
  h = mix(h ^ Math.imul(d, 0x27d4eb2f));
  return mix(h) >>> 0;
}

export function mix(x: number): number {
  let h = x;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h;
}

/** Uniform in (0, 1), never exactly 0 (safe under log). */
export function uniform(a: number, b = 0, c = 0, d = 0): number {
  return (hash32(a, b, c, d) + 0.5) / 4_294_967_296;
}

/** Standard normal (Box–Muller on two hashed uniforms). */
export function normal(a: number, b = 0, c = 0, d = 0): number {
  const u1 = uniform(a, b, c, d);
  const u2 = uniform(a ^ 0x5bd1e995, b, c, d + 1);
  return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
}

/** Rare jumps three to six times larger give daily returns the excess kurtosis real ones have. */
export function fatTailed(a: number, b = 0, c = 0, d = 0): number {
  const z = normal(a, b, c, d);
  const u = uniform(a ^ 0x68e31da4, b, c, d);
  return u < 0.015 ? z * (3 + 3 * uniform(a ^ 0x1b873593, b, c, d)) : z;
}

/** A sequential generator for one company's profile (mulberry32 from a hashed seed). */
export function sequence(a: number, b = 0): () => number {
  let state = hash32(a, b, 0x2545f491);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export function weighted<T>(options: readonly (readonly [T, number])[], u: number): T {
  const total = options.reduce((s, [, w]) => s + w, 0);
  let x = u * total;
  for (const [value, w] of options) {
    x -= w;
    if (x < 0) return value;
  }
  return (options.at(-1) as readonly [T, number])[0];
}

/** Three draws from one hash (both Box–Muller outputs and a uniform): the hot loop runs this ~30M times. */
export function dailyDraws(seed: number, company: number, day: number, out: Float64Array): void {
  const h = hash32(seed, company, day, 7);
  const u1 = ((mix(h ^ 0x3c6ef372) >>> 0) + 0.5) / 4_294_967_296;
  const u2 = ((mix(h ^ 0x7f4a7c15) >>> 0) + 0.5) / 4_294_967_296;
  const radius = Math.sqrt(-2 * Math.log(u1));
  const angle = 2 * Math.PI * u2;
  out[0] = radius * Math.cos(angle);
  out[1] = radius * Math.sin(angle);
  out[2] = ((mix(h ^ 0x1b873593) >>> 0) + 0.5) / 4_294_967_296;
}
