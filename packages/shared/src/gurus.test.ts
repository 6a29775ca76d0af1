import { describe, expect, it } from 'vitest';
import { GURUS, rankGurus } from './gurus.ts';
import { formatReturn } from './simulator-view.ts';

describe('gurus', () => {
  it('bundles about fifty distinct gurus with three returns each', () => {
    expect(GURUS.length).toBeGreaterThanOrEqual(45);
    expect(new Set(GURUS.map((g) => g.name)).size).toBe(GURUS.length);
    for (const g of GURUS) for (const k of [g.k1, g.k2, g.k3]) expect(Number.isFinite(k)).toBe(true);
  });

  it('ranks by current-year return, highest first', () => {
    const ranked = rankGurus();
    for (let i = 1; i < ranked.length; i += 1) {
      expect((ranked[i - 1] as { k3: number }).k3).toBeGreaterThanOrEqual((ranked[i] as { k3: number }).k3);
    }
  });

  it('shows returns as +x%, -x% or 0%', () => {
    expect(formatReturn(12.5)).toBe('+12.5%');
    expect(formatReturn(-3.25)).toBe('-3.25%');
    expect(formatReturn(0)).toBe('0%');
    expect(formatReturn(-0)).toBe('0%');
    expect(formatReturn(7)).toBe('+7%');
  });
});
