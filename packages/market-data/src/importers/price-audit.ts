import type { Db } from '@app/db/client';
import { dayNumber } from '../calendar.ts';
import { readCsv } from './files.ts';
import { cleanSeries } from './prices/clean.ts';
import { mergeVendors } from './prices/merge-vendors.ts';
import { readPriceFile } from './prices/read-files.ts';
import type { RawSeries } from './prices/series.ts';
import { ImportReport, type Issue } from './report.ts';
import { factorAfter, formatRatio, type Split, showsNoSplit, snapRatio } from './splits.ts';

/** A stretch of one ticker's closes that differ from a vendor's by more than 0.5%. */
export interface MismatchRun {
  ticker: string;
  file: string;
  from: string;
  to: string;
  rows: number;
  /** Median imported close ÷ vendor close (after the applied splits) over the run. */
  ratio: number;
}

export interface BigMove {
  ticker: string;
  date: string;
  /** The imported close's move from the session before, e.g. −0.35. */
  move: number;
  /** Each vendor's own move over the same two days, on its own basis. */
  vendors: string;
  explained: boolean;
}

export interface SplitCheck {
  ticker: string;
  date: string;
  ratio: number;
  evidence: string;
  verdict: 'confirmed' | 'contradicted' | 'spin-off' | 'unverified';
  why: string;
}

export interface PriceAudit {
  tickers: number;
  compared: number;
  within: number;
  notImported: number;
  mismatches: MismatchRun[];
  moves: BigMove[];
  splits: SplitCheck[];
  doubts: Issue[];
}

const TOLERANCE = 0.005;

/**
 * Checks the imported prices against the vendor files they came from: every vendor close,
 * put on the imported basis with the splits the import applied (as-traded rows by the splits
 * after their day, adjusted rows by those after the day they were adjusted as of), against the
 * stored close of that day; where both vendors have a day, the as-traded one (whose splits are
 * explicit) is the reference. Then every daily move over 40% with each vendor's own move
 * beside it, every split not named by a vendor against what the vendor rows show, and the
 * doubts the import pipeline raises on these files.
 */
export async function auditPrices(db: Db, files: readonly string[], tickerIndex?: string): Promise<PriceAudit> {
  const silent = new ImportReport('audit');
  const raw = new Map<string, RawSeries[]>();
  for (const file of files) await readPriceFile(file, silent, raw);
  const doubts = new ImportReport('doubts');
  const companyOf = await resolveTickers(db, [...raw.keys()], tickerIndex);
  const primary = new Map(
    (await db.selectFrom('companies').select(['id', 'ticker']).execute()).map((c) => [c.id, c.ticker]),
  );
  const audit: PriceAudit = {
    tickers: 0,
    compared: 0,
    within: 0,
    notImported: 0,
    mismatches: [],
    moves: [],
    splits: [],
    doubts: doubts.doubts,
  };
  const byCompany = new Map<number, string[]>();
  for (const [ticker, id] of companyOf) if (id !== null) byCompany.set(id, [...(byCompany.get(id) ?? []), ticker]);

  for (const [id, tickers] of byCompany) {
    const stored = await db
      .selectFrom('daily_prices')
      .select(['date', 'close'])
      .where('company_id', '=', id)
      .orderBy('date')
      .execute();
    const applied: (Split & { evidence: string })[] = await db
      .selectFrom('splits')
      .select(['date', 'ratio', 'evidence'])
      .where('company_id', '=', id)
      .orderBy('date')
      .execute();
    const imported = new Map(stored.map((r) => [r.date, r.close]));
    const own = primary.get(id);
    // The import's order: the company's own ticker, then the others by their last day.
    const lastDay = (t: string) =>
      (raw.get(t) ?? []).reduce((m, s) => ((s.dates.at(-1) ?? '') > m ? (s.dates.at(-1) as string) : m), '');
    tickers.sort((a, b) => (a === own || b === own ? (a === own ? -1 : 1) : lastDay(b).localeCompare(lastDay(a))));
    const earlierDays = new Set<string>();
    for (const ticker of tickers) {
      const servedBefore = new Set(earlierDays);
      for (const s of raw.get(ticker) ?? []) for (const d of s.dates) earlierDays.add(d);
      const list = raw.get(ticker) ?? [];
      audit.tickers++;
      // The same pipeline as the import, for its doubts only.
      mergeVendors(
        list.map((s) => cleanSeries(s, doubts, list)),
        doubts,
      );
      const asTradedDays = new Set(list.filter((s) => s.vendor === 'as-traded').flatMap((s) => s.dates));
      for (const s of list) {
        const asOf = s.adjustedAsOf ?? lastAdjusted(s);
        let run: MismatchRun | null = null;
        const ratios: number[] = [];
        const close = () => {
          if (run && run.rows > 0) {
            ratios.sort((a, b) => a - b);
            run.ratio = ratios[ratios.length >> 1] as number;
            audit.mismatches.push(run);
          }
          run = null;
          ratios.length = 0;
        };
        s.dates.forEach((date, i) => {
          if (servedBefore.has(date)) return;
          if (s.vendor === 'adjusted' && asTradedDays.has(date)) return;
          const got = imported.get(date);
          if (got === undefined) {
            audit.notImported++;
            return;
          }
          const basisDay = s.vendor === 'as-traded' || s.asTraded[i] ? date : asOf;
          const expected = (s.close[i] as number) / factorAfter(applied, basisDay);
          audit.compared++;
          const ratio = got / expected;
          if (Math.abs(ratio - 1) <= TOLERANCE) {
            audit.within++;
            close();
            return;
          }
          if (run && Math.abs(ratio / (run as MismatchRun).ratio - 1) > 0.02) close();
          if (!run) run = { ticker, file: s.file, from: date, to: date, rows: 0, ratio };
          run.to = date;
          run.rows++;
          ratios.push(ratio);
        });
        close();
      }
    }
    // A company's split is checked once, against every ticker's vendor rows: one that shows it
    // (the ticker it was found in) outweighs another share class's file that does not.
    for (const split of applied) {
      if (split.evidence === 'vendor' || split.evidence === 'actions') continue;
      const verdicts = tickers.map((t) => ({ ticker: t, ...checkSplit(raw.get(t) ?? [], split) }));
      const best =
        verdicts.find((v) => v.verdict === 'confirmed') ??
        verdicts.find((v) => v.verdict === 'spin-off') ??
        verdicts.find((v) => v.verdict === 'contradicted') ??
        (verdicts[0] as (typeof verdicts)[number]);
      audit.splits.push({ ...split, ...best });
    }
    for (let k = 1; k < stored.length; k++) {
      const a = stored[k - 1] as { date: string; close: number };
      const b = stored[k] as { date: string; close: number };
      const move = b.close / a.close - 1;
      if (Math.abs(move) <= 0.4) continue;
      const vendorMoves: string[] = [];
      let explained = false;
      for (const t of tickers)
        for (const s of raw.get(t) ?? []) {
          const i = s.dates.indexOf(b.date);
          const h = s.dates.indexOf(a.date);
          if (i < 0 || h < 0) continue;
          // A split coefficient is undone; a spin-off's is not (the imported prices keep those drops).
          const c = s.split[i] as number;
          const undo = s.vendor === 'as-traded' && snapRatio(c) !== null ? c : 1;
          const own = ((s.close[i] as number) * undo) / (s.close[h] as number) - 1;
          vendorMoves.push(`${s.file} ${pct(own)}`);
          if (Math.abs((1 + own) / (1 + move) - 1) < 0.02) explained = true;
        }
      audit.moves.push({
        ticker: tickers[0] as string,
        date: b.date,
        move,
        vendors: vendorMoves.join(', ') || `no vendor row on both days: a gap in the files from ${a.date} to ${b.date}`,
        explained,
      });
    }
  }
  audit.notImported += [...companyOf.values()].filter((id) => id === null).length;
  return audit;
}

function lastAdjusted(s: RawSeries): string {
  for (let i = s.dates.length - 1; i >= 0; i--) if (!s.asTraded[i]) return s.dates[i] as string;
  return s.dates.at(-1) ?? '';
}

/** What the vendor rows say about a split no vendor named. */
function checkSplit(list: readonly RawSeries[], split: Split): Pick<SplitCheck, 'verdict' | 'why'> {
  const d = dayNumber(split.date);
  for (const s of list) {
    const near = s.dates.map((x, i) => [dayNumber(x), i] as const).filter(([x]) => Math.abs(x - d) <= 3);
    for (const [, i] of near) {
      const c = s.split[i] as number;
      if (c !== 1 && snapRatio(c) === null)
        return { verdict: 'spin-off', why: `${s.file} has a spin-off coefficient ${c} on ${s.dates[i]}` };
    }
  }
  for (const s of list) {
    const after = s.dates.findIndex((x) => x >= split.date);
    if (after <= 0 || dayNumber(s.dates[after] as string) - d > 5) continue;
    const before = after - 1;
    if (s.vendor === 'as-traded') {
      const c = s.split.slice(Math.max(0, after - 3), after + 4).find((x) => x !== 1);
      if (c !== undefined && Math.abs((snapRatio(c) ?? c) / split.ratio - 1) < 0.01)
        return { verdict: 'confirmed', why: `${s.file} coefficient ${c}` };
      // A vendor that missed a split still shows its as-traded close dropping by the ratio.
      const move = (s.close[before] as number) / (s.close[after] as number);
      if (Math.abs(move / split.ratio - 1) < 0.1)
        return {
          verdict: 'confirmed',
          why: `${s.file} names no split but its as-traded close moves ×${(1 / move).toFixed(3)} that day`,
        };
      return {
        verdict: 'contradicted',
        why: `${s.file} covers the day, names no split and moves ×${(1 / move).toFixed(3)}`,
      };
    }
    if (!s.asTraded[after] && !s.asTraded[before]) {
      const move = (s.close[before] as number) / (s.close[after] as number);
      return showsNoSplit(move, split.ratio)
        ? { verdict: 'confirmed', why: `${s.file} adjusted closes show no jump` }
        : { verdict: 'contradicted', why: `${s.file} adjusted closes move ×${(1 / move).toFixed(3)} that day` };
    }
  }
  return { verdict: 'unverified', why: `only as-traded rows cover it (${formatRatio(split.ratio)})` };
}

/** Which company each price ticker belongs to, as the price import decides it. */
async function resolveTickers(db: Db, tickers: string[], tickerIndex?: string): Promise<Map<string, number | null>> {
  const index = new Map<string, number | null>();
  if (tickerIndex)
    for (const r of await readCsv(tickerIndex)) {
      const cik = Number(r.cik);
      if (r.ticker) index.set(r.ticker.toUpperCase(), cik > 0 ? cik : null);
    }
  const companies = await db.selectFrom('companies').select(['id', 'cik', 'ticker']).execute();
  const byCik = new Map(companies.filter((c) => c.cik !== null).map((c) => [c.cik as number, c.id]));
  const byTicker = new Map(companies.map((c) => [c.ticker, c.id]));
  const out = new Map<string, number | null>();
  for (const t of tickers) {
    const cik = index.get(t) ?? null;
    out.set(t, (cik !== null ? byCik.get(cik) : byTicker.get(t)) ?? null);
  }
  return out;
}

const pct = (x: number) => `${x >= 0 ? '+' : '−'}${Math.abs(x * 100).toFixed(1)}%`;

/** The audit as text: a summary line first, then what a person should look at. */
export function formatAudit(a: PriceAudit, detail = 50): string {
  const share = a.compared > 0 ? (a.within / a.compared) * 100 : 0;
  const unexplained = a.moves.filter((m) => !m.explained);
  const contradicted = a.splits.filter((s) => s.verdict === 'contradicted' || s.verdict === 'spin-off');
  const lines = [
    `audit: ${a.within.toLocaleString('en-US')} of ${a.compared.toLocaleString('en-US')} closes within 0.5% of the vendor rows (${share.toFixed(2)}%), ${a.tickers} tickers; ` +
      `${a.moves.length} daily moves over 40% (${unexplained.length} the vendors do not show); ` +
      `${a.splits.length} splits not named by a vendor (${contradicted.length} contradicted); ${a.doubts.length} doubts`,
  ];
  const runs = [...a.mismatches].sort((x, y) => y.rows - x.rows);
  if (runs.length > 0) lines.push(`closes off by more than 0.5% (${runs.length} stretches, longest first):`);
  for (const r of runs.slice(0, detail))
    lines.push(`  ${r.ticker} ${r.from}..${r.to} ${r.rows} rows ×${r.ratio.toFixed(4)} (${r.file})`);
  if (runs.length > detail) lines.push(`  … ${runs.length - detail} more`);
  if (a.moves.length > 0) lines.push('daily moves over 40%:');
  for (const m of a.moves)
    lines.push(`  ${m.explained ? ' ' : '!'} ${m.ticker} ${m.date} ${pct(m.move)}; vendors: ${m.vendors}`);
  if (a.splits.length > 0) lines.push('splits not named by a vendor:');
  for (const s of a.splits)
    lines.push(`  ${s.verdict.padEnd(12)} ${s.ticker} ${s.date} ${formatRatio(s.ratio)} (${s.evidence}): ${s.why}`);
  if (a.doubts.length > 0) lines.push('doubts (nothing applied):');
  for (const d of a.doubts) lines.push(`  ${d.file}${d.line ? `:${d.line}` : ''}: ${d.reason}`);
  return lines.join('\n');
}
