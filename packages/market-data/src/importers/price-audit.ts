import type { Db } from '@app/db/client';
import { dayNumber } from '../calendar.ts';
import { readCsv } from './files.ts';
import { cleanSeries } from './prices/clean.ts';
import { adjustmentSteps, isSmallRatio, shareRatio, showsRatio, spinOffSteps } from './prices/evidence.ts';
import { mergeVendors } from './prices/merge-vendors.ts';
import { readPriceFile } from './prices/read-files.ts';
import { median, type RawSeries } from './prices/series.ts';
import { ImportReport, type Issue } from './report.ts';
import { formatRatio, nearSplitRatio } from './splits.ts';

/** A stretch of one ticker's closes that differ from the reference by more than 0.5%. */
export interface MismatchRun {
  ticker: string;
  file: string;
  from: string;
  to: string;
  rows: number;
  /** Median imported close ÷ reference close over the run. */
  ratio: number;
}

export interface TickerAudit {
  ticker: string;
  compared: number;
  wrong: number;
}

/**
 * `applied`, `missed` (a vendor adjusted, the import did not), `false` (the import split, no vendor did, or a
 * spin-off day), `refused` (a doubt the import left alone).
 */
export interface ActionCheck {
  ticker: string;
  date: string;
  ratio: number | null;
  status: 'applied' | 'missed' | 'false' | 'refused';
  evidence: string;
}

export interface PriceAudit {
  tickers: number;
  /** Imported closes compared with the vendors' own adjustment, and how many are within 0.5%. */
  compared: number;
  within: number;
  /** Closes needing a split no vendor adjusted for: checked on the import's own splits, so counted apart. */
  onImportSplits: number;
  onImportSplitsWithin: number;
  notImported: number;
  byTicker: TickerAudit[];
  mismatches: MismatchRun[];
  actions: ActionCheck[];
  doubts: Issue[];
}

const TOLERANCE = 0.005;

interface Reference {
  series: RawSeries;
  value: number[];
  basis: string[];
  adjusted: boolean[];
  splits: { date: string; ratio: number; why: string }[];
  spinOffs: string[];
}

/** From the vendor's numbers only: close ÷ adjusted-close steps that are share ratios are splits. */
function referenceOf(s: RawSeries, peers: readonly RawSeries[] = []): Reference {
  const n = s.dates.length;
  const splits: Reference['splits'] = [];
  const spinOffs: string[] = [];
  const move = (k: number) => (k > 0 && k < n ? (s.close[k - 1] as number) / (s.close[k] as number) : Number.NaN);
  if (s.vendor === 'as-traded') {
    const withAdjusted = s.adjClose.filter((x) => Number.isFinite(x)).length > n / 2;
    const statements = withAdjusted
      ? adjustmentSteps(s).map((x) => ({ index: x.index, factor: x.factor, what: 'adjusted closes step' }))
      : s.split.flatMap((c, index) => (c === 1 ? [] : [{ index, factor: c, what: 'coefficient' }]));
    if (withAdjusted)
      // A dividend day's step is blurred by the dividend: the coefficient speaks for that day.
      s.split.forEach((c, index) => {
        if (c !== 1 && (s.dividend[index] as number) > 0) statements.push({ index, factor: c, what: 'coefficient' });
      });
    const spinOffIndexes = new Set(withAdjusted ? spinOffSteps(adjustmentSteps(s), s.split).map((x) => x.index) : []);
    const used = new Set<number>();
    for (const st of statements.sort((a, b) => a.index - b.index)) {
      const ratio = shareRatio(st.factor);
      if (ratio === null) {
        if (spinOffIndexes.has(st.index) || (!withAdjusted && st.factor > 1))
          spinOffs.push(s.dates[st.index] as string);
        continue;
      }
      // Dated by the close that moves by it where the vendor dates its adjustment a session early.
      let k = isSmallRatio(ratio) ? st.index : [st.index, st.index + 1].find((i) => showsRatio(move(i), ratio));
      let why = `${s.file}: ${st.what} ×${st.factor.toFixed(4)}`;
      if (k === undefined) {
        // Else where its closes step against a peer's (Alpha Vantage books WellPoint's 2005 split in 2002).
        const found = stepAgainstPeers(s, peers, ratio);
        k = found?.index ?? st.index;
        if (found) why += `, dated ${s.dates[k]} by ${found.file}'s adjusted closes`;
      }
      // One close move is one split: a vendor that adjusts for it twice (Zebra 2004) is counted once.
      if (used.has(k)) continue;
      used.add(k);
      splits.push({ date: s.dates[k] as string, ratio, why });
    }
  }
  const last = s.dates.at(-1) ?? '';
  let asOf = s.adjustedAsOf;
  if (asOf === null) for (let i = n - 1; i >= 0 && asOf === null; i--) if (!s.asTraded[i]) asOf = s.dates[i] as string;
  const value: number[] = [];
  const basis: string[] = [];
  const adjusted: boolean[] = [];
  let factor = 1;
  let next = splits.length - 1;
  for (let i = n - 1; i >= 0; i--) {
    const date = s.dates[i] as string;
    while (next >= 0 && (splits[next] as { date: string }).date > date)
      factor *= (splits[next--] as { ratio: number }).ratio;
    value[i] = (s.close[i] as number) / factor;
    const own = s.vendor === 'adjusted' && s.asTraded[i];
    basis[i] = s.vendor === 'as-traded' ? last : own ? date : (asOf ?? last);
    adjusted[i] = !own;
  }
  return { series: s, value, basis, adjusted, splits, spinOffs };
}

/** The row where an as-traded series steps by `ratio` against a split-adjusted peer's closes, or null. */
function stepAgainstPeers(s: RawSeries, peers: readonly RawSeries[], ratio: number) {
  for (const p of peers) {
    if (p.vendor !== 'adjusted') continue;
    const at = new Map(p.dates.map((d, i) => [d, i]));
    const q: { index: number; value: number }[] = [];
    s.dates.forEach((d, i) => {
      const j = at.get(d);
      if (j !== undefined && !p.asTraded[j])
        q.push({ index: i, value: (s.close[i] as number) / (p.close[j] as number) });
    });
    for (let i = 3; i + 3 <= q.length; i++) {
      const before = median(q.slice(i - 3, i).map((x) => x.value));
      const after = median(q.slice(i, i + 3).map((x) => x.value));
      const day = (q[i - 1] as { value: number }).value / (q[i] as { value: number }).value / ratio - 1;
      if (Math.abs(day) < 0.02 && Math.abs(before / after / ratio - 1) < 0.02)
        return { index: (q[i] as { index: number }).index, file: p.file };
    }
  }
  return null;
}

/** Reference from the vendor files alone, never the import's decisions (decision 019). */
export async function auditPrices(db: Db, files: readonly string[], tickerIndex?: string): Promise<PriceAudit> {
  const silent = new ImportReport('audit');
  const raw = new Map<string, RawSeries[]>();
  for (const file of files) await readPriceFile(file, silent, raw);
  const pipeline = new ImportReport('pipeline');
  const companyOf = await resolveTickers(db, [...raw.keys()], tickerIndex);
  const primary = new Map(
    (await db.selectFrom('companies').select(['id', 'ticker']).execute()).map((c) => [c.id, c.ticker]),
  );
  const audit: PriceAudit = {
    tickers: 0,
    compared: 0,
    within: 0,
    onImportSplits: 0,
    onImportSplitsWithin: 0,
    notImported: 0,
    byTicker: [],
    mismatches: [],
    actions: [],
    doubts: pipeline.doubts,
  };
  const byCompany = new Map<number, string[]>();
  // A reused ticker serves two companies in turn, as the import recorded; else the ticker index decides.
  const served = new Map<string, { first: string; last: string }>();
  const ranges = await db
    .selectFrom('company_tickers')
    .select(['company_id', 'ticker', 'first_date', 'last_date'])
    .execute();
  if (ranges.length > 0) {
    for (const r of ranges)
      if (raw.has(r.ticker)) {
        byCompany.set(r.company_id, [...(byCompany.get(r.company_id) ?? []), r.ticker]);
        served.set(`${r.company_id} ${r.ticker}`, { first: r.first_date, last: r.last_date });
      }
  } else
    for (const [ticker, id] of companyOf) if (id !== null) byCompany.set(id, [...(byCompany.get(id) ?? []), ticker]);

  for (const [id, tickers] of byCompany) {
    const stored = await db
      .selectFrom('daily_prices')
      .select(['date', 'close'])
      .where('company_id', '=', id)
      .orderBy('date')
      .execute();
    if (stored.length === 0) continue;
    const applied = await db
      .selectFrom('splits')
      .select(['date', 'ratio', 'evidence'])
      .where('company_id', '=', id)
      .orderBy('date')
      .execute();
    const imported = new Map(stored.map((r) => [r.date, r.close]));
    const lastImported = (stored.at(-1) as { date: string }).date;
    const importFactorAfter = (date: string) =>
      applied.reduce((f, x) => (x.date > date && x.date <= lastImported ? f * x.ratio : f), 1);
    const own = primary.get(id);
    const lastDay = (t: string) =>
      (raw.get(t) ?? []).reduce((m, s) => ((s.dates.at(-1) ?? '') > m ? (s.dates.at(-1) as string) : m), '');
    tickers.sort((a, b) => (a === own || b === own ? (a === own ? -1 : 1) : lastDay(b).localeCompare(lastDay(a))));
    const refs = tickers.map((t) => ({ ticker: t, refs: (raw.get(t) ?? []).map((x, _i, all) => referenceOf(x, all)) }));
    // The import pipeline once more, for the doubts it raised (the import's own words).
    for (const t of tickers) {
      const list = raw.get(t) ?? [];
      mergeVendors(
        list.map((s) => cleanSeries(s, pipeline, list)),
        pipeline,
      );
    }

    const seen = new Set<string>();
    for (const { ticker, refs: list } of refs) {
      audit.tickers++;
      const tally: TickerAudit = { ticker, compared: 0, wrong: 0 };
      const servedBefore = new Set(seen);
      for (const r of list) for (const d of r.series.dates) seen.add(d);
      const range = served.get(`${id} ${ticker}`);
      const asTradedDays = new Set(list.filter((r) => r.series.vendor === 'as-traded').flatMap((r) => r.series.dates));
      const link = linkFactors(list);
      for (const r of list) {
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
        r.series.dates.forEach((date, i) => {
          if (servedBefore.has(date)) return;
          if (range && (date < range.first || date > range.last)) return;
          if (r.series.vendor === 'adjusted' && asTradedDays.has(date)) return;
          const got = imported.get(date);
          if (got === undefined) {
            audit.notImported++;
            return;
          }
          // To the latest basis: a later vendor's where one overlaps, then the import's splits after it.
          const basis = r.basis[i] as string;
          const linked = r.adjusted[i] ? link.get(r) : undefined;
          const tail = importFactorAfter(linked?.basis ?? basis);
          const expected = (r.value[i] as number) / ((linked?.factor ?? 1) * tail);
          const ok = Math.abs(got / expected - 1) <= TOLERANCE;
          if (tail !== 1) {
            audit.onImportSplits++;
            if (ok) audit.onImportSplitsWithin++;
          } else {
            audit.compared++;
            tally.compared++;
            if (ok) audit.within++;
            else tally.wrong++;
          }
          if (ok) {
            close();
            return;
          }
          const ratio = got / expected;
          if (run && Math.abs(ratio / (run as MismatchRun).ratio - 1) > 0.02) close();
          if (!run) run = { ticker, file: r.series.file, from: date, to: date, rows: 0, ratio };
          run.to = date;
          run.rows++;
          ratios.push(ratio);
        });
        close();
      }
      audit.byTicker.push(tally);
    }
    audit.actions.push(...checkActions(tickers[0] as string, refs, applied, stored));
  }
  for (const d of pipeline.doubts) {
    const m = /^[^:]*: ([A-Z][A-Z0-9.-]*)\b(?:.*? to (?=\d{4}-\d{2}-\d{2} \())?\D*(\d{4}-\d{2}-\d{2})/.exec(d.reason);
    audit.actions.push({
      ticker: m?.[1] ?? '-',
      date: m?.[2] ?? '',
      ratio: null,
      status: 'refused',
      evidence: `${d.file}${d.line ? `:${d.line}` : ''}: ${d.reason}`,
    });
  }
  audit.notImported += [...companyOf.values()].filter((id) => id === null).length;
  return audit;
}

/** Median ratio over 20 common days, snapped to a split ratio (spin-off scalings of a few % are none). */
function linkFactors(list: Reference[]): Map<Reference, { basis: string; factor: number }> {
  const out = new Map<Reference, { basis: string; factor: number }>();
  const latestBasis = (r: Reference) => r.basis.filter((_, i) => r.adjusted[i]).reduce((m, b) => (b > m ? b : m), '');
  const byBasis = [...list].sort((a, b) => latestBasis(b).localeCompare(latestBasis(a)));
  for (let i = 0; i < byBasis.length; i++) {
    const r = byBasis[i] as Reference;
    let factor = 1;
    let basis = latestBasis(r);
    for (const later of byBasis.slice(0, i)) {
      if (latestBasis(later) <= basis) continue;
      const at = new Map(later.series.dates.map((d, j) => [d, j]));
      const ratios: number[] = [];
      r.series.dates.forEach((d, j) => {
        const k = at.get(d);
        if (k !== undefined && later.adjusted[k] && r.adjusted[j])
          ratios.push((r.value[j] as number) / (later.value[k] as number));
      });
      if (ratios.length < 5) continue;
      const m = median(ratios.slice(-20));
      const step = Math.abs(Math.log(m)) < 0.1 ? 1 : (nearSplitRatio(m, 0.05) ?? m);
      const up = out.get(later);
      factor = step * (up?.factor ?? 1);
      basis = up?.basis ?? latestBasis(later);
      break;
    }
    out.set(r, { basis, factor });
  }
  return out;
}

function checkActions(
  ticker: string,
  refs: { ticker: string; refs: Reference[] }[],
  applied: readonly { date: string; ratio: number; evidence: string }[],
  stored: readonly { date: string }[],
): ActionCheck[] {
  const out: ActionCheck[] = [];
  const first = (stored[0] as { date: string }).date;
  const last = (stored.at(-1) as { date: string }).date;
  const all = refs.flatMap((t) => t.refs);
  const near = (a: string, b: string) => Math.abs(dayNumber(a) - dayNumber(b)) <= 3;
  const sameRatio = (a: number, b: number) => Math.abs(Math.log(a / b)) < 0.01;
  for (const split of applied) {
    const confirming = all
      .flatMap((r) => r.splits)
      .find((x) => near(x.date, split.date) && sameRatio(x.ratio, split.ratio));
    const spinOff = all.find((r) => r.spinOffs.some((d) => near(d, split.date)));
    // A vendor whose own adjustment spans the day: adjusted rows on both sides of it.
    const covering = all.find((r) => {
      const k = r.series.dates.findIndex((d) => d >= split.date);
      return (
        k > 0 && r.adjusted[k] && r.adjusted[k - 1] && r.basis[k] === r.basis[k - 1] && r.series.vendor === 'as-traded'
      );
    });
    const what = `taken from ${split.evidence === 'vendor' ? 'the vendor' : split.evidence === 'inferred' ? 'prices and volume' : split.evidence}`;
    if (confirming && !spinOff)
      out.push({
        ticker,
        date: split.date,
        ratio: split.ratio,
        status: 'applied',
        evidence: `${what}; ${confirming.why}`,
      });
    else if (spinOff)
      out.push({
        ticker,
        date: split.date,
        ratio: split.ratio,
        status: 'false',
        evidence: `${what} on a spin-off day (${spinOff.series.file} adjusts for a spin-off within 3 days)`,
      });
    else if (covering)
      out.push({
        ticker,
        date: split.date,
        ratio: split.ratio,
        status: 'false',
        evidence: `${what}; ${covering.series.file} covers the day and its own adjustment shows no split`,
      });
    else
      out.push({
        ticker,
        date: split.date,
        ratio: split.ratio,
        status: 'applied',
        evidence: `${what}; no vendor adjusted for that day: the import's own evidence`,
      });
  }
  for (const r of all)
    for (const x of r.splits) {
      if (x.date <= first || x.date > last) continue;
      if (applied.some((a) => near(a.date, x.date) && sameRatio(a.ratio, x.ratio))) continue;
      if (out.some((o) => o.status === 'missed' && near(o.date, x.date))) continue;
      out.push({
        ticker,
        date: x.date,
        ratio: x.ratio,
        status: 'missed',
        evidence: x.why,
      });
    }
  return out;
}

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

const pct = (part: number, whole: number) => `${whole > 0 ? ((part / whole) * 100).toFixed(2) : '0.00'}%`;
const n = (x: number) => x.toLocaleString('en-US');

export function formatAudit(a: PriceAudit, detail = 50): string {
  const off = a.byTicker
    .filter((t) => t.wrong > 0.005 * t.compared)
    .sort((x, y) => y.wrong / y.compared - x.wrong / x.compared);
  const count = (s: ActionCheck['status']) => a.actions.filter((x) => x.status === s).length;
  const lines = [
    `audit: ${n(a.within)} of ${n(a.compared)} closes within 0.5% of the vendors' own split adjustment (${pct(a.within, a.compared)}), ${a.tickers} tickers, ${off.length} with more than 0.5% of their closes off`,
    `  and ${n(a.onImportSplitsWithin)} of ${n(a.onImportSplits)} closes that need a split after the vendors' last adjusted day, on the import's own splits (${pct(a.onImportSplitsWithin, a.onImportSplits)})`,
    `  actions: ${count('applied')} applied, ${count('missed')} missed, ${count('false')} false, ${count('refused')} refused`,
  ];
  if (off.length > 0) lines.push('tickers with more than 0.5% of their closes off:');
  for (const t of off) lines.push(`  ${t.ticker} ${n(t.wrong)} of ${n(t.compared)} (${pct(t.wrong, t.compared)})`);
  const runs = [...a.mismatches].sort((x, y) => y.rows - x.rows);
  if (runs.length > 0) lines.push(`closes off by more than 0.5% (${runs.length} stretches, longest first):`);
  for (const r of runs.slice(0, detail))
    lines.push(`  ${r.ticker} ${r.from}..${r.to} ${r.rows} rows ×${r.ratio.toFixed(4)} (${r.file})`);
  if (runs.length > detail) lines.push(`  … ${runs.length - detail} more`);
  lines.push('actions (every split applied, missed, false or refused, with its evidence):');
  const order = { false: 0, missed: 1, refused: 2, applied: 3 };
  for (const x of [...a.actions].sort((p, q) => order[p.status] - order[q.status] || p.ticker.localeCompare(q.ticker)))
    lines.push(
      `  ${x.status.padEnd(8)} ${x.ticker} ${x.date}${x.ratio !== null ? ` ${formatRatio(x.ratio)}` : ''}: ${x.evidence}`,
    );
  return lines.join('\n');
}
