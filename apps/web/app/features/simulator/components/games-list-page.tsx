import { formatNumber } from '@app/shared/format';
import { type CreateGameRequest, GAME_LIMITS, type Game, type GamesListResponse } from '@app/shared/games';
import { useNavigate } from 'react-router';
import { SignInPrompt } from '../../../components/sign-in-prompt';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table';
import { Field } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { useFormState } from '../../../lib/form-state';
import { errorMessage } from '../../../lib/member-data';
import { createGame, GAMES_PATH, type GamesPageData, gamePath, joinByCode, rulesInWords } from '../games.api';

const STATUS_WORDS: Record<Game['status'], string> = { upcoming: 'Starts soon', running: 'Running', ended: 'Ended' };

const COLUMNS: DataTableColumn<Game>[] = [
  { id: 'name', header: 'Game', lead: true, cell: (g) => g.name, href: (g) => gamePath(g.id) },
  { id: 'dates', header: 'Dates', cell: (g) => `${g.start_date} – ${g.end_date}` },
  { id: 'status', header: 'Status', cell: (g) => STATUS_WORDS[g.status] },
  { id: 'players', header: 'Players', numeric: true, cell: (g) => formatNumber(g.players) },
  { id: 'points', header: 'Starting points', numeric: true, cell: (g) => formatNumber(g.starting_points) },
  { id: 'rules', header: 'Rules', cell: (g) => rulesInWords(g.rules).join('; ') },
];

export function GamesListPage({ data }: { data: GamesPageData }) {
  const { list, viewer } = data;
  return (
    <div className="space-y-10">
      <section aria-labelledby="open-games" className="space-y-3">
        <h2 id="open-games" className="text-xl font-semibold text-slate-900">
          Open games
        </h2>
        <GamesTable
          label="Open public games"
          list={list}
          pick={(l) => l.games}
          empty="No public game is open now: create one below."
        />
      </section>
      <section aria-labelledby="your-games" className="space-y-3">
        <h2 id="your-games" className="text-xl font-semibold text-slate-900">
          Your games
        </h2>
        {viewer === 'unknown' ? (
          <p className="flex items-center gap-2 text-slate-600" role="status">
            <Spinner /> Loading your games…
          </p>
        ) : viewer === 'signed-out' ? (
          <SignInPrompt title="Log in to create or join a game." returnTo={GAMES_PATH}>
            A teacher or a group of friends can run their own contest: its own dates, starting points and rules, with a
            leaderboard of its own.
          </SignInPrompt>
        ) : (
          <GamesTable
            label="Your games"
            list={list}
            pick={(l) => l.mine}
            empty="You have not created or joined a game yet."
          />
        )}
      </section>
      {viewer === 'member' ? (
        <div className="grid gap-8 lg:grid-cols-2">
          <JoinByCodeForm />
          <CreateGameForm />
        </div>
      ) : null}
    </div>
  );
}

function GamesTable({
  label,
  list,
  pick,
  empty,
}: {
  label: string;
  list: GamesPageData['list'];
  pick: (l: GamesListResponse) => Game[];
  empty: string;
}) {
  return (
    <DataTable
      label={label}
      columns={COLUMNS}
      rows={list.status === 'ready' ? pick(list.data) : []}
      rowKey={(g) => String(g.id)}
      error={list.status === 'failed' ? list.error : undefined}
      empty={empty}
    />
  );
}

function JoinByCodeForm() {
  const navigate = useNavigate();
  const form = useFormState({ code: '' });
  const onSubmit = form.submit(async () => {
    try {
      const game = await joinByCode(form.values.code.trim().toUpperCase());
      await navigate(gamePath(game.id));
    } catch (err) {
      form.setStatus({ tone: 'error', text: errorMessage(err, 'Failed to join the game') });
    }
  });
  return (
    <form
      onSubmit={onSubmit}
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-5"
      aria-labelledby="join-heading"
    >
      <h2 id="join-heading" className="text-lg font-semibold text-slate-900">
        Join with a code
      </h2>
      <Field
        label="Invite code"
        {...form.field('code')}
        autoComplete="off"
        required
        maxLength={8}
        hint="The 8 characters the game's creator shared."
      />
      {form.status ? <Banner tone={form.status.tone}>{form.status.text}</Banner> : null}
      <Button type="submit" busy={form.busy}>
        Join game
      </Button>
    </form>
  );
}

const numberOr = (text: string, fallback: number) => (text.trim() === '' ? fallback : Number(text));

function CreateGameForm() {
  const navigate = useNavigate();
  const form = useFormState({
    name: '',
    start_date: '',
    end_date: '',
    starting_points: '100000',
    max_position_pct: '',
    min_price: '',
    max_volume_pct: '',
    private: 'on',
    limit_orders: 'on',
  });
  const v = form.values;
  const onSubmit = form.submit(async () => {
    const body: CreateGameRequest = {
      name: v.name.trim(),
      start_date: v.start_date,
      end_date: v.end_date,
      starting_points: numberOr(v.starting_points, 100_000),
      private: v.private === 'on',
      rules: {
        max_position_pct: numberOr(v.max_position_pct, 0),
        min_price: numberOr(v.min_price, 0),
        max_volume_pct: numberOr(v.max_volume_pct, 0),
        limit_orders: v.limit_orders === 'on',
      },
    };
    try {
      const game = await createGame(body);
      await navigate(gamePath(game.id));
    } catch (err) {
      form.setStatus({ tone: 'error', text: errorMessage(err, 'Failed to create the game') });
    }
  });
  const toggle = (name: 'private' | 'limit_orders') => ({
    name,
    checked: v[name] === 'on',
    onChange: () => form.setValue(name, v[name] === 'on' ? '' : 'on'),
  });
  return (
    <form
      onSubmit={onSubmit}
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-5"
      aria-labelledby="create-heading"
    >
      <h2 id="create-heading" className="text-lg font-semibold text-slate-900">
        Create a game
      </h2>
      <Field
        label="Name"
        {...form.field('name')}
        required
        minLength={GAME_LIMITS.nameMin}
        maxLength={GAME_LIMITS.nameMax}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Start date" type="date" {...form.field('start_date')} required hint="After the last close." />
        <Field label="End date" type="date" {...form.field('end_date')} required />
      </div>
      <Field
        label="Starting points"
        type="number"
        min={GAME_LIMITS.pointsMin}
        max={GAME_LIMITS.pointsMax}
        step="1"
        {...form.field('starting_points')}
      />
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-slate-800">Rules (leave empty for none)</legend>
        <div className="grid gap-3 sm:grid-cols-3">
          <Field
            label="Max % in one company"
            type="number"
            min="1"
            max="100"
            step="1"
            {...form.field('max_position_pct')}
          />
          <Field label="Min share price ($)" type="number" min="0" step="0.01" {...form.field('min_price')} />
          <Field
            label="Max % of daily $ volume"
            type="number"
            min="0.01"
            max="100"
            step="0.01"
            {...form.field('max_volume_pct')}
          />
        </div>
        <Checkbox label="Allow limit orders" {...toggle('limit_orders')} />
        <Checkbox label="Private: players join with the invite code" {...toggle('private')} />
      </fieldset>
      {form.status ? <Banner tone={form.status.tone}>{form.status.text}</Banner> : null}
      <Button type="submit" busy={form.busy}>
        Create game
      </Button>
      <p className="text-xs text-slate-500">
        You will see every player's portfolio; to play yourself, join your game from its page.
      </p>
    </form>
  );
}
