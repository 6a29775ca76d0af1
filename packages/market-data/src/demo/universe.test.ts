import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { slugify } from '@app/shared/slug';
import { describe, expect, it } from 'vitest';
import { MAX_DEMO_COMPANIES as CONFIGURED_MAX } from '../config.ts';
import { demoSlugs } from './build.ts';
import { demoCalendar, demoProfiles, generateCompanyHistory } from './generate.ts';
import { demoFundamentals } from './model.ts';
import { MAX_DEMO_COMPANIES } from './names.ts';

const SEED = 20_240_101;
const UNIVERSE_DIR = join(import.meta.dirname, '../../../../../shared/data/universe');

describe('demo names and tickers', () => {
  const profiles = demoProfiles(SEED, 10_000);

  it('gives every company a unique ticker, name and SPEC §2 slug', () => {
    expect(new Set(profiles.map((p) => p.ticker)).size).toBe(profiles.length);
    expect(new Set(profiles.map((p) => p.name)).size).toBe(profiles.length);
    const slugs = demoSlugs(profiles);
    expect(new Set(slugs).size).toBe(slugs.length);
    expect(slugs[0]).toBe(slugify(profiles[0]?.name ?? ''));
    for (const p of profiles) expect(p.ticker).toMatch(/^[A-Z]{4}J$/);
  });

  it('keeps tickers unique up to the largest universe it can name', () => {
    const tickers = new Set(demoProfiles(SEED, MAX_DEMO_COMPANIES).map((p) => p.ticker));
    expect(tickers.size).toBe(MAX_DEMO_COMPANIES);
    // DEMO_COMPANIES is validated against this limit by the shared configuration parser.
    expect(CONFIGURED_MAX).toBe(MAX_DEMO_COMPANIES);
  });

  const realLists = ['company_tickers.json', 'company_tickers_exchange.json'].map((f) => join(UNIVERSE_DIR, f));
  it.skipIf(!realLists.every(existsSync))(
    "never uses a real company's ticker or name (SEC lists in ../shared/data/universe)",
    () => {
      const simple = (name: string) =>
        name
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, ' ')
          .replace(/\b(inc|corp|co|ltd|plc|group|holdings|the)\b/g, '')
          .trim();
      const tickers = new Set<string>();
      const names = new Set<string>();
      const firstWords = new Set<string>();
      const tickersJson = JSON.parse(readFileSync(realLists[0] as string, 'utf8')) as Record<
        string,
        { ticker: string; title: string }
      >;
      for (const r of Object.values(tickersJson)) {
        tickers.add(r.ticker);
        names.add(simple(r.title));
        firstWords.add(simple(r.title).split(' ')[0] ?? '');
      }
      const exchangeJson = JSON.parse(readFileSync(realLists[1] as string, 'utf8')) as { data: unknown[][] };
      for (const row of exchangeJson.data) tickers.add(String(row[2]));
      expect(tickers.size).toBeGreaterThan(5_000);
      const all = demoProfiles(SEED, MAX_DEMO_COMPANIES);
      expect(all.filter((p) => tickers.has(p.ticker)).map((p) => p.ticker)).toEqual([]);
      expect(all.filter((p) => names.has(simple(p.name))).map((p) => p.name)).toEqual([]);
      // The invented first word is never the first word of a real company's name either.
      expect(all.filter((p) => firstWords.has(simple(p.name).split(' ')[0] ?? '')).map((p) => p.name)).toEqual([]);
    },
  );
  if (!realLists.every(existsSync)) console.info(`Skipping the real-name check: ${UNIVERSE_DIR} is absent`);
});

describe('a demo universe of 1,500 companies through 2025', () => {
  const cal = demoCalendar(SEED, '2025-12-31');
  const profiles = demoProfiles(SEED, 1_500);
  const histories = profiles.map((p) => generateCompanyHistory(cal, p)).filter((h) => h !== null);

  it('spans all 11 sectors, mostly US companies, IPOs before and after 1999, and delistings', () => {
    expect(new Set(profiles.map((p) => p.sector))).toEqual(new Set([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]));
    const us = profiles.filter((p) => p.country === 'United States').length / profiles.length;
    expect(us).toBeGreaterThan(0.75);
    expect(us).toBeLessThan(0.95);
    expect(profiles.filter((p) => p.ipoYear < 1999).length).toBeGreaterThan(200);
    expect(profiles.filter((p) => p.ipoYear >= 1999).length).toBeGreaterThan(800);
    expect(histories.filter((h) => h.delistedOn !== null).length).toBeGreaterThan(300);
    expect(histories.every((h) => h.prices[0]?.date === h.profile.listedOn)).toBe(true);
  });

  it('has market caps from micro caps to mega caps at the end of 2025', () => {
    const caps = histories
      .filter((h) => h.delistedOn === null)
      .map((h) => ((h.prices.at(-1)?.close ?? 0) * (h.shares.at(-1)?.shares ?? 0)) / 1e6)
      .sort((a, b) => a - b);
    expect(caps[0]).toBeLessThan(50);
    expect(caps.filter((c) => c < 300).length / caps.length).toBeGreaterThan(0.1);
    expect(caps.at(-1)).toBeGreaterThan(200_000);
  });

  it('has fat-tailed daily returns that move with the market and, more, with the sector', () => {
    // Daily log returns of companies listed through all of 2015–2019.
    const from = '2015-01-02';
    const to = '2019-12-31';
    const series = histories
      .filter((h) => h.profile.listedOn <= from && (h.delistedOn === null || h.delistedOn > to))
      .map((h) => {
        const inRange = h.prices.filter((p) => p.date >= from && p.date <= to);
        return {
          sector: h.profile.sector,
          r: inRange.slice(1).map((p, i) => Math.log(p.close / (inRange[i]?.close ?? 1))),
        };
      })
      .filter((s) => s.r.length > 1000);
    const pooled = series.flatMap((s) => s.r);
    const mean = pooled.reduce((a, b) => a + b, 0) / pooled.length;
    const m2 = pooled.reduce((a, b) => a + (b - mean) ** 2, 0) / pooled.length;
    const m4 = pooled.reduce((a, b) => a + (b - mean) ** 4, 0) / pooled.length;
    expect(m4 / m2 ** 2).toBeGreaterThan(5); // a normal distribution has 3

    const corr = (a: number[], b: number[]) => {
      const n = Math.min(a.length, b.length);
      const ma = a.slice(0, n).reduce((s, x) => s + x, 0) / n;
      const mb = b.slice(0, n).reduce((s, x) => s + x, 0) / n;
      let ab = 0;
      let aa = 0;
      let bb = 0;
      for (let i = 0; i < n; i++) {
        ab += ((a[i] as number) - ma) * ((b[i] as number) - mb);
        aa += ((a[i] as number) - ma) ** 2;
        bb += ((b[i] as number) - mb) ** 2;
      }
      return ab / Math.sqrt(aa * bb);
    };
    const same: number[] = [];
    const other: number[] = [];
    for (let i = 0; i < Math.min(series.length, 120); i++) {
      for (let j = i + 1; j < Math.min(series.length, 120); j++) {
        const a = series[i];
        const b = series[j];
        if (!a || !b) continue;
        (a.sector === b.sector ? same : other).push(corr(a.r, b.r));
      }
    }
    const avg = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
    expect(avg(other)).toBeGreaterThan(0.05);
    expect(avg(same)).toBeGreaterThan(avg(other) + 0.03);
  });

  it('files consistent quarterly and annual fundamentals', () => {
    const rows = histories.flatMap((h) => h.fundamentals);
    expect(rows.length).toBeGreaterThan(10_000);
    const broken = rows.filter(
      (f) =>
        (f.total_liabilities as number) < (f.current_liabilities as number) ||
        (f.total_assets as number) < (f.current_assets as number) ||
        (f.total_assets as number) < (f.total_liabilities as number) ||
        (f.current_assets as number) < (f.cash as number) ||
        Math.abs(
          (f.long_term_liabilities as number) - ((f.total_liabilities as number) - (f.current_liabilities as number)),
        ) > 0.002 ||
        !((f.revenue as number) > 0) ||
        f.currency !== 'USD',
    );
    expect(broken).toEqual([]);
    // A fiscal year's revenue is the sum of its four quarters.
    const h = histories.find((x) => x.fundamentals.some((f) => f.period === 'annual'));
    const annual = h?.fundamentals.find((f) => f.period === 'annual');
    const quarters =
      h?.fundamentals.filter((f) => f.period === 'quarter' && f.fiscal_year === annual?.fiscal_year) ?? [];
    expect(quarters.map((q) => q.fiscal_period)).toEqual(['Q1', 'Q2', 'Q3', 'Q4']);
    expect(annual?.revenue).toBeCloseTo(
      quarters.reduce((s, q) => s + (q.revenue as number), 0),
      2,
    );
    // The statement series keep their accounting identities in every row, and a year's flows
    // are its quarters' sums.
    const off = (a: number | null, b: number) => a === null || Math.abs(a - b) > 0.002;
    const identities = rows.filter(
      (f) =>
        off(f.free_cash_flow, (f.operating_cash_flow as number) - (f.capex as number)) ||
        off(f.stockholders_equity, (f.total_assets as number) - (f.total_liabilities as number)) ||
        (f.gross_profit as number) < (f.operating_income as number) ||
        (f.long_term_debt as number) > (f.long_term_liabilities as number) ||
        !((f.shares_outstanding as number) > 0) ||
        // Diluted EPS is net income per share in whole cents.
        Math.abs((f.eps_diluted as number) - ((f.net_income as number) * 1e6) / (f.shares_outstanding as number)) >
          0.005 + 1e-9,
    );
    expect(identities).toEqual([]);
    for (const key of [
      'gross_profit',
      'operating_income',
      'research_development',
      'operating_cash_flow',
      'capex',
    ] as const)
      expect(annual?.[key]).toBeCloseTo(
        quarters.reduce((s, q) => s + (q[key] as number), 0),
        2,
      );
    // Nothing is filed after the history ends or after the company delisted.
    const late = histories.flatMap((x) =>
      x.fundamentals.filter(
        (f) => (f.filed as string) > '2025-12-31' || (x.delistedOn !== null && (f.filed as string) >= x.delistedOn),
      ),
    );
    expect(late).toEqual([]);
  });

  it('files the rows of a window exactly once: day-by-day windows add up to the whole', () => {
    const p = profiles.find((x) => x.listedOn < '2010-01-01' && x.delistOn === null);
    if (!p) throw new Error('no long-lived company');
    const whole = demoFundamentals(SEED, p, null, '2021-12-31');
    const parts = [
      ...demoFundamentals(SEED, p, null, '2020-06-30'),
      ...demoFundamentals(SEED, p, '2020-06-30', '2021-03-15'),
      ...demoFundamentals(SEED, p, '2021-03-15', '2021-12-31'),
    ];
    const key = (f: { period: string; period_end: string }) => `${f.period}:${f.period_end}`;
    expect(parts.map(key).sort()).toEqual(whole.map(key).sort());
  });
});
