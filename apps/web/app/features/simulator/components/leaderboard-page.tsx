import { GURUS, type Guru, rankGurus } from '@app/shared/gurus';
import type { MembersLeaderboardResponse } from '@app/shared/simulator';
import { formatReturn } from '@app/shared/simulator-view';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table';
import { Tabs } from '../../../components/ui/tabs';

const returnClass = (value: number) => (value > 0 ? 'text-green-700' : value < 0 ? 'text-red-700' : 'text-slate-700');

type MemberRow = MembersLeaderboardResponse['members'][number];

const returnColumns = <Row,>(pick: (row: Row) => [number, number, number]): DataTableColumn<Row>[] => [
  {
    id: 'week',
    header: 'Current Week',
    numeric: true,
    cellClassName: (r) => returnClass(pick(r)[0]),
    cell: (r) => formatReturn(pick(r)[0]),
  },
  {
    id: 'month',
    header: 'Current Month',
    numeric: true,
    cellClassName: (r) => returnClass(pick(r)[1]),
    cell: (r) => formatReturn(pick(r)[1]),
  },
  {
    id: 'year',
    header: 'Current Year',
    numeric: true,
    cellClassName: (r) => returnClass(pick(r)[2]),
    cell: (r) => formatReturn(pick(r)[2]),
  },
];

const RANKED = rankGurus(GURUS).map((g, i) => ({ ...g, rank: i + 1 }));

const GURU_COLUMNS: DataTableColumn<Guru & { rank: number }>[] = [
  { id: 'rank', header: 'Rank', numeric: true, cell: (g) => g.rank },
  { id: 'name', header: 'Name', cell: (g) => g.name },
  ...returnColumns<Guru & { rank: number }>((g) => [g.k1, g.k2, g.k3]),
];

const MEMBER_COLUMNS: DataTableColumn<MemberRow>[] = [
  { id: 'rank', header: 'Rank', numeric: true, cell: (m) => m.rank },
  { id: 'name', header: 'Name', cell: (m) => m.name },
  ...returnColumns<MemberRow>((m) => [m.week, m.month, m.year]),
];

/**
 * SPEC §2 Leaderboard: the bundled gurus by current-year return; beside it, the members ranked
 * by their own simulator returns from the daily valuation of every portfolio.
 */
export function LeaderboardPage({ members }: { members: MembersLeaderboardResponse | null }) {
  const [tab, setTab] = useState('gurus');
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
            <DataTable
              label="Ranking of Gurus"
              columns={GURU_COLUMNS}
              rows={RANKED}
              rowKey={(g) => g.name}
              minWidthClass="min-w-[36rem]"
            />
          ),
        },
        {
          id: 'members',
          label: 'Members',
          panel: (
            <div className="space-y-3">
              <p className="text-sm text-slate-600">
                Members ranked by the return of their simulator portfolio (points plus positions at the close)
                {members?.data_date ? `, valued at the close of ${members.data_date}` : ''}.
              </p>
              <DataTable
                label="Members' leaderboard"
                columns={MEMBER_COLUMNS}
                rows={members?.members ?? []}
                rowKey={(m) => `${m.rank}-${m.name}`}
                error={members === null ? 'The members’ leaderboard could not be loaded.' : undefined}
                empty="No member has a valued portfolio yet."
                minWidthClass="min-w-[36rem]"
              />
            </div>
          ),
        },
      ]}
    />
  );
}
