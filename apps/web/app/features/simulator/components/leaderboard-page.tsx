import { GURUS, type Guru, rankGurus } from '@app/shared/gurus';
import type { MembersLeaderboardResponse } from '@app/shared/simulator';
import { formatReturn } from '@app/shared/simulator-view';
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table';
import { Tabs } from '../../../components/ui/tabs';
import type { Loaded } from '../../../lib/member-data';
import { gainClass } from '../points';

type MemberRow = MembersLeaderboardResponse['members'][number];
type Returns = [week: number, month: number, year: number];

type Market = MembersLeaderboardResponse['market'];

/** The year's return minus the market index's, in percentage points ('–' without an index). */
function vsMarket(year: number, market: Market): string {
  if (!market) return '–';
  const diff = Math.round((year - market.year) * 100) / 100;
  return `${formatReturn(diff).replace('%', '')} pts`;
}

function boardColumns<Row extends { rank: number }>(
  name: (row: Row) => string,
  returns: (row: Row) => Returns,
  market: Market,
): DataTableColumn<Row>[] {
  const column = (id: string, header: string, at: 0 | 1 | 2): DataTableColumn<Row> => ({
    id,
    header,
    numeric: true,
    cellClassName: (r) => gainClass(returns(r)[at]),
    cell: (r) => formatReturn(returns(r)[at]),
  });
  return [
    { id: 'rank', header: 'Rank', numeric: true, lead: true, cell: (r) => r.rank },
    { id: 'name', header: 'Name', lead: true, cell: name },
    column('week', 'Current Week', 0),
    column('month', 'Current Month', 1),
    column('year', 'Current Year', 2),
    {
      id: 'vs-market',
      header: 'Year vs Market',
      numeric: true,
      cellClassName: (r) => (market ? gainClass(returns(r)[2] - market.year) : ''),
      cell: (r) => vsMarket(returns(r)[2], market),
    },
  ];
}

const RANKED = rankGurus(GURUS).map((g, i) => ({ ...g, rank: i + 1 }));

const guruColumns = (market: Market) =>
  boardColumns<Guru & { rank: number }>(
    (g) => g.name,
    (g) => [g.k1, g.k2, g.k3],
    market,
  );
const memberColumns = (market: Market) =>
  boardColumns<MemberRow>(
    (m) => m.name,
    (m) => [m.week, m.month, m.year],
    market,
  );

function MarketLine({ market }: { market: Market }) {
  if (!market) return null;
  return (
    <p className="text-sm text-slate-600" data-testid="market-returns">
      {market.name} (every company, weighted by market value, price only): week {formatReturn(market.week)}, month{' '}
      {formatReturn(market.month)}, year {formatReturn(market.year)}. "Year vs Market" is a return minus the index's.
    </p>
  );
}

/** SPEC §2. Every column stays on a phone: no minimum width, headers wrap. */
export function LeaderboardPage({ members }: { members: Loaded<MembersLeaderboardResponse> }) {
  const [tab, setTab] = useState('gurus');
  const { revalidate } = useRevalidator();
  const board = members.status === 'ready' ? members.data : null;
  const market = board?.market ?? null;
  return (
    <Tabs
      label="Leaderboards"
      selected={tab}
      onSelect={setTab}
      tabs={[
        {
          id: 'gurus',
          label: 'Gurus',
          panel: (
            <div className="space-y-3">
              <MarketLine market={market} />
              <DataTable
                label="Ranking of Gurus"
                columns={guruColumns(market)}
                rows={RANKED}
                rowKey={(g) => g.name}
                minWidthClass="sm:min-w-[36rem]"
                stack
              />
            </div>
          ),
        },
        {
          id: 'members',
          label: 'Members',
          panel: (
            <div className="space-y-3">
              <p className="text-sm text-slate-600">
                Members ranked by the return of their simulator portfolio (points plus positions at the close)
                {board?.data_date ? `, valued at the close of ${board.data_date}` : ''}.
              </p>
              <MarketLine market={market} />
              <DataTable
                label="Members' leaderboard"
                columns={memberColumns(market)}
                rows={board?.members ?? []}
                rowKey={(m) => `${m.rank}-${m.name}`}
                error={members.status === 'failed' ? members.error : undefined}
                onRetry={() => void revalidate()}
                empty="No member has a valued portfolio yet."
                minWidthClass="sm:min-w-[36rem]"
                stack
              />
            </div>
          ),
        },
      ]}
    />
  );
}
