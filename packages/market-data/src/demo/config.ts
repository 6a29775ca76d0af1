import { DEFAULT_DEMO_COMPANIES, DEFAULT_DEMO_SEED } from './generate.ts';
import { MAX_DEMO_COMPANIES } from './names.ts';

/** How big a demo universe to build, and from which seed. */
export interface DemoConfig {
  companies: number;
  seed: number;
}

/**
 * DEMO_COMPANIES (default 10,000; e.g. 300 for tests and development) and DEMO_SEED from
 * the environment. Throws one line naming the bad variable.
 */
export function demoConfigFromEnv(env: NodeJS.ProcessEnv = process.env): DemoConfig {
  const read = (name: string, fallback: number, min: number, max: number) => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!/^\d+$/.test(raw) || value < min || value > max) {
      throw new Error(`${name} must be a whole number from ${min} to ${max} (got ${JSON.stringify(raw)})`);
    }
    return value;
  };
  return {
    companies: read('DEMO_COMPANIES', DEFAULT_DEMO_COMPANIES, 1, MAX_DEMO_COMPANIES),
    seed: read('DEMO_SEED', DEFAULT_DEMO_SEED, 0, 2 ** 31 - 1),
  };
}
