import { describe, expect, it } from 'vitest';
import { previousWeekday } from './trading-day.ts';

describe('previousWeekday (SPEC §2 screener sentence)', () => {
  it.each([
    ['2026-11-23', '2026-11-20'], // Monday shows Friday
    ['2026-11-22', '2026-11-20'], // Sunday shows Friday
    ['2026-11-21', '2026-11-20'], // Saturday shows Friday
    ['2026-11-24', '2026-11-23'], // Tuesday shows Monday
    ['2026-01-01', '2025-12-31'], // across a year
  ])('%s → %s', (today, expected) => {
    expect(previousWeekday(today)).toBe(expected);
  });
});
