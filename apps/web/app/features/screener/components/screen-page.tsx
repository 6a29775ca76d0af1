import { MARKET_CAP_BUCKETS } from '@app/shared/buckets';
import { formatDay } from '@app/shared/format';
import {
  FIRST_TRADING_DAY,
  formatMeasure,
  MEASURE_BY_ID,
  MEASURES,
  type MeasureGroup,
  type MeasureId,
  rangeParam,
  SCREEN_PAGE_SIZE,
} from '@app/shared/screener-measures';
import type { ScreenRow } from '@app/shared/screener-screen';
import { SCREENER_PAGE_WINDOW } from '@app/shared/screener-view';
import { SECTORS, screenerSectorName } from '@app/shared/sectors';
import { type FormEvent, useId } from 'react';
import { useNavigate, useNavigation, useRevalidator } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { CellLink, type DataTableColumn } from '../../../components/ui/data-table';
import { INPUT_CLASS } from '../../../components/ui/field';
import { ListView } from '../../../components/ui/list-view';
import { TEXT_LINK } from '../../../components/ui/text-link';
import type { ScreenData } from '../screen.api';
import { measureTone, UNIT_HINT } from '../screen-format';
import {
  addColumn,
  moveColumn,
  removeColumn,
  SCREEN_PATH,
  type ScreenView,
  screenApiPath,
  screenHref,
  searchFromScreen,
  sortScreen,
} from '../screen-params';
import { presetHref, SCREEN_PRESETS } from '../screen-presets';
import { SavedScreensPanel } from './saved-screens-panel';

const GROUPS: ReadonlyArray<[MeasureGroup, string]> = [
  ['valuation', 'Valuation'],
  ['profitability', 'Profitability'],
  ['growth', 'Growth'],
  ['balance', 'Balance sheet'],
  ['performance', 'Performance'],
  ['liquidity', 'Liquidity'],
  ['price', 'Price and volume'],
];

const LABEL = 'text-sm font-medium text-slate-800';
const SMALL_INPUT = `${INPUT_CLASS} border-slate-300`;

function columnsOf(view: ScreenView): Array<DataTableColumn<ScreenRow>> {
  return [
    {
      id: 'symbol',
      header: 'Symbol',
      sticky: true,
      lead: true,
      cell: (row) => row.ticker,
      cellClassName: () => 'font-mono font-semibold text-slate-900',
    },
    {
      id: 'company',
      header: 'Company',
      lead: true,
      cell: (row) => (
        <>
          <CellLink to={`/companies/info/${row.slug}`}>{row.name}</CellLink>
          <div className="text-xs text-slate-600">
            {[row.sector === null ? null : screenerSectorName(row.sector), row.industry, row.exchange]
              .filter(Boolean)
              .join(' · ')}
          </div>
          {row.delisted_on ? (
            <div className="text-xs font-semibold text-amber-800">Delisted {formatDay(row.delisted_on, 'medium')}</div>
          ) : null}
        </>
      ),
    },
    ...view.columns.map(
      (id): DataTableColumn<ScreenRow> => ({
        id,
        header: MEASURE_BY_ID[id].label,
        numeric: true,
        sortable: true,
        cell: (row) => formatMeasure(id, row.values[id]),
        cellClassName: (row) => measureTone(id, row.values[id]),
      }),
    ),
  ];
}

/** Form fields as the URL wants them: empty ones left out, so a screen's link stays short. */
function submittedSearch(form: HTMLFormElement): string {
  const params = new URLSearchParams();
  for (const [key, value] of new FormData(form)) {
    if (typeof value === 'string' && value.trim() !== '' && !(key === 'sector' && value === 'any')) {
      params.set(key, value.trim());
    }
  }
  if (params.get('mkCap') === 'any') params.delete('mkCap');
  return params.toString();
}

function RangeFields({ view }: { view: ScreenView }) {
  const id = useId();
  return (
    <div className="grid gap-3 md:grid-cols-2">
      {GROUPS.map(([group, title]) => {
        const measures = MEASURES.filter((m) => m.group === group);
        const active = measures.some((m) => view.ranges[m.id]);
        return (
          <details key={group} open={active} className="rounded-lg border border-slate-200 p-3">
            <summary className="cursor-pointer text-sm font-semibold text-slate-900">
              {title}
              {active ? <span className="ml-2 text-xs font-normal text-brand-700">filtered</span> : null}
            </summary>
            <div className="mt-3 grid gap-3">
              {measures.map((m) => (
                <fieldset key={m.id} className="grid grid-cols-[1fr_6rem_6rem] items-end gap-2">
                  <legend className="sr-only">{m.label} range</legend>
                  <div className="text-sm text-slate-800" title={m.formula}>
                    {m.label}
                    <div className="text-xs text-slate-500">{UNIT_HINT[m.unit]}</div>
                  </div>
                  <label className="text-xs text-slate-600" htmlFor={`${id}-${m.id}-min`}>
                    Min
                    <input
                      id={`${id}-${m.id}-min`}
                      name={rangeParam(m.id, 'min')}
                      inputMode="decimal"
                      defaultValue={view.ranges[m.id]?.min ?? ''}
                      aria-label={`${m.label} minimum`}
                      className={SMALL_INPUT}
                    />
                  </label>
                  <label className="text-xs text-slate-600" htmlFor={`${id}-${m.id}-max`}>
                    Max
                    <input
                      id={`${id}-${m.id}-max`}
                      name={rangeParam(m.id, 'max')}
                      inputMode="decimal"
                      defaultValue={view.ranges[m.id]?.max ?? ''}
                      aria-label={`${m.label} maximum`}
                      className={SMALL_INPUT}
                    />
                  </label>
                </fieldset>
              ))}
            </div>
          </details>
        );
      })}
    </div>
  );
}

function ColumnPicker({ view }: { view: ScreenView }) {
  const navigate = useNavigate();
  const id = useId();
  const hidden = [...searchFromScreen({ ...view, page: 1 })].filter(([key]) => key !== 'columns');
  const available = MEASURES.filter((m) => !view.columns.includes(m.id));
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id={`${id}-title`} className="text-base font-semibold text-slate-900">
        Columns
      </h2>
      <ol className="mt-2 flex flex-wrap gap-2">
        {view.columns.map((c, i) => (
          <li key={c} className="flex items-center gap-1 rounded-full border border-slate-300 px-2 py-1 text-sm">
            <span>{MEASURE_BY_ID[c].label}</span>
            {i > 0 ? (
              <a
                className={COLUMN_ACTION}
                href={screenHref({ ...moveColumn(view, c, -1), page: 1 })}
                aria-label={`Move ${MEASURE_BY_ID[c].label} left`}
              >
                ←
              </a>
            ) : null}
            {i < view.columns.length - 1 ? (
              <a
                className={COLUMN_ACTION}
                href={screenHref({ ...moveColumn(view, c, 1), page: 1 })}
                aria-label={`Move ${MEASURE_BY_ID[c].label} right`}
              >
                →
              </a>
            ) : null}
            {view.columns.length > 1 ? (
              <a
                className={COLUMN_ACTION}
                href={screenHref({ ...removeColumn(view, c), page: 1 })}
                aria-label={`Remove column ${MEASURE_BY_ID[c].label}`}
              >
                ✕
              </a>
            ) : null}
          </li>
        ))}
      </ol>
      {available.length > 0 ? (
        <form
          method="get"
          action={SCREEN_PATH}
          className="mt-3 flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            const select = event.currentTarget.elements.namedItem('columns') as HTMLSelectElement | null;
            const chosen = select?.selectedOptions[0]?.dataset.measure;
            const measure = MEASURES.find((m) => m.id === chosen);
            if (measure) navigate(screenHref({ ...addColumn(view, measure.id), page: 1 }));
          }}
        >
          {hidden.map(([key, value]) => (
            <input key={key} type="hidden" name={key} value={value} />
          ))}
          {/* Without scripts the form sends the whole new list as `columns`. */}
          <label className={LABEL} htmlFor={`${id}-add`}>
            Add a column
            <select id={`${id}-add`} name="columns" className={SMALL_INPUT} defaultValue="">
              {available.map((m) => (
                <option key={m.id} value={[...view.columns, m.id].join(',')} data-measure={m.id}>
                  {m.label}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className={buttonClass('secondary')}>
            Add column
          </button>
        </form>
      ) : null}
    </section>
  );
}

/** A column's move and remove links: a 24 px target each (WCAG 2.2 target size), not a bare arrow. */
const COLUMN_ACTION = `${TEXT_LINK} inline-flex h-6 min-w-6 items-center justify-center rounded`;

export function ScreenPage({ data }: { data: ScreenData }) {
  const { view, screen } = data;
  const navigate = useNavigate();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const id = useId();
  const busy = navigation.state === 'loading' && navigation.location?.pathname === SCREEN_PATH;
  const hidden = [
    ['columns', view.columns.join(',')],
    ['sort', view.sort],
    ['order', view.order],
  ].filter(([key]) => searchFromScreen(view).has(key as string));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const search = submittedSearch(event.currentTarget);
    navigate(search ? `${SCREEN_PATH}?${search}` : SCREEN_PATH);
  }

  return (
    <>
      <p className="-mt-4 mb-2 text-slate-600">
        {screen?.as_of ? (
          <>
            Figures as of the close of <strong className="text-slate-800">{formatDay(screen.as_of)}</strong>, from the
            filings filed by then.
          </>
        ) : (
          'No closes loaded yet.'
        )}
      </p>
      {screen?.requested ? (
        <p role="status" className="mb-4 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {screen.requested > (screen.data_date ?? '')
            ? `There are no closes after ${formatDay(screen.data_date ?? screen.as_of ?? '')}: showing that day instead of ${formatDay(screen.requested)}.`
            : `${formatDay(screen.requested)} was not a trading day: showing the trading day before, ${formatDay(screen.as_of ?? '')}.`}
        </p>
      ) : null}

      <p className="mb-4 text-sm">
        <a href={`/screener/map${view.asOf ? `?asOf=${view.asOf}` : ''}`} className={TEXT_LINK}>
          Market map
        </a>{' '}
        of the same day: sectors and industries sized by market cap, coloured by change.
      </p>
      <nav aria-label="Preset screens" className="mb-6">
        <h2 className="mb-2 text-sm font-semibold text-slate-900">Presets</h2>
        <ul className="flex flex-wrap gap-2">
          {SCREEN_PRESETS.map((p) => (
            <li key={p.id}>
              <a
                href={presetHref(p, view.asOf)}
                title={p.description}
                className="inline-block rounded-full border border-brand-200 bg-brand-50 px-3 py-1 text-sm font-medium text-brand-800 hover:bg-brand-100"
              >
                {p.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      <search aria-label="Screen filters">
        <form
          method="get"
          action={SCREEN_PATH}
          onSubmit={submit}
          className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
        >
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <label className={LABEL} htmlFor={`${id}-asof`}>
              As of (close)
              <input
                id={`${id}-asof`}
                type="date"
                name="asOf"
                min={FIRST_TRADING_DAY}
                max={screen?.data_date ?? undefined}
                defaultValue={view.asOf ?? ''}
                className={SMALL_INPUT}
              />
            </label>
            <label className={LABEL} htmlFor={`${id}-q`}>
              Search
              <input
                id={`${id}-q`}
                type="search"
                name="q"
                placeholder="Ticker or company name"
                defaultValue={view.q}
                className={SMALL_INPUT}
              />
            </label>
            <label className={LABEL} htmlFor={`${id}-sector`}>
              Sector
              <select
                id={`${id}-sector`}
                name="sector"
                defaultValue={view.sector === null ? 'any' : String(view.sector)}
                className={SMALL_INPUT}
              >
                <option value="any">All sectors</option>
                {SECTORS.map((s) => (
                  <option key={s.code} value={s.code}>
                    {s.screenerName}
                  </option>
                ))}
              </select>
            </label>
            <label className={LABEL} htmlFor={`${id}-cap`}>
              Market cap
              <select id={`${id}-cap`} name="mkCap" defaultValue={view.mkCap} className={SMALL_INPUT}>
                <option value="any">Any size</option>
                {Object.entries(MARKET_CAP_BUCKETS).map(([key, b]) => (
                  <option key={key} value={key}>
                    {b.label}
                  </option>
                ))}
              </select>
            </label>
            <label className={LABEL} htmlFor={`${id}-industry`}>
              Industry
              <input id={`${id}-industry`} name="industry" defaultValue={view.industry} className={SMALL_INPUT} />
            </label>
            <label className={LABEL} htmlFor={`${id}-exchange`}>
              Exchange
              <input
                id={`${id}-exchange`}
                name="exchange"
                placeholder="NYSE, Nasdaq…"
                defaultValue={view.exchange}
                className={SMALL_INPUT}
              />
            </label>
          </div>
          <RangeFields view={view} />
          {hidden.map(([key, value]) => (
            <input key={key} type="hidden" name={key} value={value} />
          ))}
          <div className="flex flex-wrap gap-2">
            <button type="submit" className={buttonClass()}>
              Apply filters
            </button>
            <a href={SCREEN_PATH} className={buttonClass('secondary')}>
              Reset
            </a>
            <a href={screenApiPath(view, true)} download className={buttonClass('secondary')}>
              Export CSV
            </a>
          </div>
        </form>
      </search>

      <div className="mt-6 grid gap-4 lg:grid-cols-2">
        <ColumnPicker view={view} />
        <SavedScreensPanel view={view} />
      </div>

      <ListView
        className="mt-6"
        label="Screen results"
        noun={{ one: 'company', many: 'companies' }}
        columns={columnsOf(view)}
        rows={screen?.rows ?? []}
        rowKey={(row) => row.ticker}
        sort={{ column: view.sort, direction: view.order }}
        onSort={(column) => {
          const measure = MEASURES.find((m) => m.id === column)?.id as MeasureId | undefined;
          if (measure) navigate(screenHref(sortScreen(view, measure)));
        }}
        loading={busy}
        error={data.error}
        onRetry={() => revalidator.revalidate()}
        empty="No companies found matching your criteria."
        paging={{
          page: view.page,
          count: screen?.count ?? 0,
          pageSize: SCREEN_PAGE_SIZE,
          windowSize: SCREENER_PAGE_WINDOW,
          onPageChange: (page) => navigate(screenHref({ ...view, page })),
          label: 'Screen pages',
        }}
      />
    </>
  );
}
