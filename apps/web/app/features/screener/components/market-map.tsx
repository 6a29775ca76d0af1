import { formatDay, formatMillions, formatSigned } from '@app/shared/format';
import { FIRST_TRADING_DAY, MAP_PERIOD_IDS, type MapPeriod } from '@app/shared/screener-measures';
import type { MapResponse } from '@app/shared/screener-screen';
import { useId, useState } from 'react';
import { buttonClass } from '../../../components/ui/button';
import { INPUT_CLASS } from '../../../components/ui/field';
import { TEXT_LINK } from '../../../components/ui/text-link';
import { changeColour, type Rect, squarify } from '../treemap';

export const MAP_PATH = '/screener/map';

export const PERIOD_LABELS: Record<MapPeriod, string> = {
  '1d': '1 day',
  '1w': '1 week',
  '1m': '1 month',
  ytd: 'Year to date',
  '1y': '1 year',
  '3y': '3 years',
  '5y': '5 years',
};

export interface MapView {
  asOf: string | null;
  period: MapPeriod;
}

export interface MapData {
  view: MapView;
  map: MapResponse | null;
  error: string | null;
}

/** A tenth of a unit of the 1,200-wide view box: finer digits only weigh on the page (15 of them a number). */
const px = (v: number) => Math.round(v * 10) / 10;

const W = 1200;
const H = 720;
const SECTOR_HEADER = 18;

type Company = MapResponse['sectors'][number]['industries'][number]['companies'][number];

interface Tile {
  company: Company;
  sector: string;
  industry: string;
  rect: Rect;
}

function layout(map: MapResponse): { sectors: Array<{ name: string; rect: Rect }>; tiles: Tile[] } {
  const sectorRects = squarify(
    map.sectors.map((s) => s.market_cap),
    { x: 0, y: 0, w: W, h: H },
  );
  const tiles: Tile[] = [];
  map.sectors.forEach((s, i) => {
    const r = sectorRects[i] as Rect;
    const header = r.h > 60 && r.w > 80 ? SECTOR_HEADER : 0;
    const inner = { x: r.x + 1, y: r.y + header + 1, w: Math.max(0, r.w - 2), h: Math.max(0, r.h - header - 2) };
    const industryRects = squarify(
      s.industries.map((n) => n.market_cap),
      inner,
    );
    s.industries.forEach((n, k) => {
      const companyRects = squarify(
        n.companies.map((c) => c.market_cap),
        industryRects[k] as Rect,
      );
      n.companies.forEach((c, m) => {
        tiles.push({ company: c, sector: s.name, industry: n.industry, rect: companyRects[m] as Rect });
      });
    });
  });
  return { sectors: map.sectors.map((s, i) => ({ name: s.name, rect: sectorRects[i] as Rect })), tiles };
}

const changeText = (change: number | null) => (change === null ? 'no change available' : `${formatSigned(change)}%`);

function describe(t: Tile, period: MapPeriod): string {
  return `${t.company.name} (${t.company.ticker}), ${t.sector}, ${t.industry}: market cap ${formatMillions(t.company.market_cap)}, ${PERIOD_LABELS[period]} change ${changeText(t.company.change)}`;
}

export function MarketMap({ data }: { data: MapData }) {
  const { view, map } = data;
  const id = useId();
  const [shown, setShown] = useState<Tile | null>(null);
  const drawn = map ? layout(map) : null;

  return (
    <>
      <p className="-mt-4 mb-2 text-slate-600">
        {map?.as_of ? (
          <>
            The {map.shown} largest companies at the close of{' '}
            <strong className="text-slate-800">{formatDay(map.as_of)}</strong>: area is market cap, colour the change
            over {PERIOD_LABELS[view.period].toLowerCase()}.
          </>
        ) : (
          'No closes loaded yet.'
        )}
      </p>
      {map?.requested ? (
        <p role="status" className="mb-4 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {map.requested > (map.data_date ?? '')
            ? `There are no closes after ${formatDay(map.data_date ?? '')}: showing that day.`
            : `${formatDay(map.requested)} was not a trading day: showing the trading day before, ${formatDay(map.as_of ?? '')}.`}
        </p>
      ) : null}
      <search aria-label="Map settings">
        <form
          method="get"
          action={MAP_PATH}
          className="mb-4 flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
        >
          <label className="text-sm font-medium text-slate-800" htmlFor={`${id}-asof`}>
            As of (close)
            <input
              id={`${id}-asof`}
              type="date"
              name="asOf"
              min={FIRST_TRADING_DAY}
              max={map?.data_date ?? undefined}
              defaultValue={view.asOf ?? ''}
              className={`${INPUT_CLASS} border-slate-300`}
            />
          </label>
          <label className="text-sm font-medium text-slate-800" htmlFor={`${id}-period`}>
            Change over
            <select
              id={`${id}-period`}
              name="period"
              defaultValue={view.period}
              className={`${INPUT_CLASS} border-slate-300`}
            >
              {MAP_PERIOD_IDS.map((p) => (
                <option key={p} value={p}>
                  {PERIOD_LABELS[p]}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className={buttonClass()}>
            Show
          </button>
          <a href="/screener/advanced" className={`${TEXT_LINK} self-center text-sm`}>
            Advanced screen
          </a>
        </form>
      </search>
      {data.error ? (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {data.error}
        </p>
      ) : drawn && drawn.tiles.length > 0 ? (
        <>
          <figure>
            <figcaption className="sr-only">Market map: one link per company, largest first</figcaption>
            <svg viewBox={`0 0 ${W} ${H}`} className="h-auto w-full rounded-lg bg-slate-800">
              <title>Market map</title>
              {drawn.tiles.map((t) => (
                <a
                  key={t.company.ticker}
                  href={`/companies/info/${t.company.slug}`}
                  aria-label={describe(t, view.period)}
                  className="group outline-none"
                  onFocus={() => setShown(t)}
                  onMouseEnter={() => setShown(t)}
                >
                  <title>{describe(t, view.period)}</title>
                  <rect
                    x={px(t.rect.x)}
                    y={px(t.rect.y)}
                    width={px(Math.max(0, t.rect.w))}
                    height={px(Math.max(0, t.rect.h))}
                    fill={changeColour(t.company.change)}
                    stroke="#1e293b"
                    strokeWidth={1}
                    className="group-hover:stroke-white group-focus-visible:stroke-amber-300 group-focus-visible:[stroke-width:4]"
                  />
                  {t.rect.w > 44 && t.rect.h > 22 ? (
                    <text
                      x={px(t.rect.x + t.rect.w / 2)}
                      y={px(t.rect.y + t.rect.h / 2)}
                      textAnchor="middle"
                      dominantBaseline="middle"
                      fill="#fff"
                      fontSize={px(Math.min(22, Math.max(10, t.rect.w / 6)))}
                      fontWeight={600}
                      pointerEvents="none"
                    >
                      {t.company.ticker}
                    </text>
                  ) : null}
                </a>
              ))}
              {drawn.sectors.map((s) =>
                s.rect.h > 60 && s.rect.w > 80 ? (
                  <text
                    key={s.name}
                    x={px(s.rect.x + 4)}
                    y={px(s.rect.y + 13)}
                    fill="#e2e8f0"
                    fontSize={12}
                    fontWeight={700}
                    pointerEvents="none"
                  >
                    {s.name.toUpperCase()}
                  </text>
                ) : null,
              )}
            </svg>
          </figure>
          <p aria-live="polite" className="mt-2 min-h-6 text-sm text-slate-700">
            {shown ? describe(shown, view.period) : 'Point at or tab to a company for its figures; Enter opens it.'}
          </p>
          <details className="mt-4">
            <summary className="cursor-pointer text-sm font-semibold text-slate-900">The map as a table</summary>
            <div className="mt-2 overflow-x-auto">
              <table className="min-w-full text-left text-sm">
                <caption className="sr-only">Companies of the market map</caption>
                <thead>
                  <tr className="text-xs uppercase tracking-wide text-slate-600">
                    <th className="px-2 py-2">Sector</th>
                    <th className="px-2 py-2">Industry</th>
                    <th className="px-2 py-2">Company</th>
                    <th className="px-2 py-2 text-right">Market cap</th>
                    <th className="px-2 py-2 text-right">Change ({PERIOD_LABELS[view.period]})</th>
                  </tr>
                </thead>
                <tbody>
                  {drawn.tiles.map((t) => (
                    <tr key={t.company.ticker} className="border-t border-slate-100">
                      <td className="px-2 py-1">{t.sector}</td>
                      <td className="px-2 py-1">{t.industry}</td>
                      <td className="px-2 py-1">
                        <a href={`/companies/info/${t.company.slug}`} className={TEXT_LINK}>
                          {t.company.name}
                        </a>
                      </td>
                      <td className="px-2 py-1 text-right">{formatMillions(t.company.market_cap)}</td>
                      <td className="px-2 py-1 text-right">{changeText(t.company.change)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </>
      ) : (
        <p className="text-slate-600">No company had a market cap on that day.</p>
      )}
    </>
  );
}
