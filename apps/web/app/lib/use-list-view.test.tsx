// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLoaderData } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useListView } from './use-list-view';

/** A list view as a page keeps it in its URL: search text, a filter, an order and a page. */
interface View {
  q: string;
  sect: string;
  sort: string;
  page: number;
}

const DRAFT = ['q', 'sect'] as const;
const PAUSE_MS = 60;

function viewOf(url: string): View {
  const params = new URL(url).searchParams;
  return {
    q: params.get('q') ?? '',
    sect: params.get('sect') ?? 'any',
    sort: params.get('sort') ?? 'mkcap',
    page: Number(params.get('page') ?? 1),
  };
}

function hrefOf(view: View): string {
  const params = new URLSearchParams();
  if (view.q.trim()) params.set('q', view.q.trim());
  if (view.sect !== 'any') params.set('sect', view.sect);
  if (view.sort !== 'mkcap') params.set('sort', view.sort);
  if (view.page > 1) params.set('page', String(view.page));
  return params.size ? `/list?${params}` : '/list';
}

function Controls({ view, list }: { view: View; list: ReturnType<typeof useListView<View, (typeof DRAFT)[number]>> }) {
  return (
    <>
      <input aria-label="Search" value={list.draft.q} onChange={(e) => list.edit({ q: e.target.value })} />
      <select aria-label="Sector" value={list.draft.sect} onChange={(e) => list.edit({ sect: e.target.value })}>
        <option value="any">any</option>
        <option value="3">3</option>
        <option value="8">8</option>
      </select>
      <button type="button" onClick={list.apply}>
        Apply
      </button>
      <button type="button" onClick={() => list.show({ sort: 'price' })}>
        Sort by price
      </button>
      <button type="button" onClick={() => list.show({ page: view.page + 1 })}>
        Next
      </button>
      <button type="button" onClick={() => list.reset({ q: '', sect: 'any' })}>
        Reset
      </button>
      <output aria-label="Shown">{hrefOf(view)}</output>
      <output aria-label="Busy">{String(list.busy)}</output>
    </>
  );
}

function UrlPage({ debounceMs, replace }: { debounceMs?: number; replace?: boolean }) {
  const view = useLoaderData() as View;
  const list = useListView({ view, href: hrefOf, draftKeys: DRAFT, debounceMs, replace });
  return <Controls view={list.view} list={list} />;
}

function MemoryPage() {
  const list = useListView({
    view: { q: '', sect: 'any', sort: 'mkcap', page: 1 },
    href: hrefOf,
    draftKeys: DRAFT,
    debounceMs: PAUSE_MS,
    inMemory: true,
  });
  return <Controls view={list.view} list={list} />;
}

interface Setup {
  url?: string;
  debounceMs?: number;
  replace?: boolean;
  /** Loads of these addresses wait until released. */
  holdWhile?: (url: URL) => boolean;
}

function setup({ url = '/list', debounceMs = PAUSE_MS, replace, holdWhile }: Setup = {}) {
  const loads: string[] = [];
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const router = createMemoryRouter(
    [
      {
        path: '/list',
        loader: async ({ request }) => {
          const at = new URL(request.url);
          loads.push(`${at.pathname}${at.search}`);
          if (holdWhile?.(at)) await held;
          return viewOf(request.url);
        },
        element: <UrlPage debounceMs={debounceMs} replace={replace} />,
        HydrateFallback: () => null,
      },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  const address = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { router, loads, address, release: () => release() };
}

const shown = () => screen.getByLabelText('Shown').textContent;
const search = () => screen.getByLabelText('Search') as HTMLInputElement;
const sleep = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

afterEach(cleanup);

describe('useListView: a list view in the URL', () => {
  it('applies typing once, after a pause, on page 1', async () => {
    const { router, loads, address } = setup({ url: '/list?page=3' });
    await screen.findByText('/list?page=3');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      fireEvent.change(search(), { target: { value: 'b' } });
      act(() => vi.advanceTimersByTime(PAUSE_MS - 10));
      fireEvent.change(search(), { target: { value: 'ba' } });
      act(() => vi.advanceTimersByTime(PAUSE_MS - 10));
      fireEvent.change(search(), { target: { value: 'bank' } });
      act(() => vi.advanceTimersByTime(PAUSE_MS - 1));
      // Each change restarted the pause.
      expect(address()).toBe('/list?page=3');
      act(() => vi.advanceTimersByTime(1));
    } finally {
      vi.useRealTimers();
    }
    await waitFor(() => expect(address()).toBe('/list?q=bank'));
    await waitFor(() => expect(shown()).toBe('/list?q=bank'));
    expect(loads).toEqual(['/list?page=3', '/list?q=bank']);
    expect(router.state.historyAction).toBe('PUSH');
  });

  it('keeps both of two changes made before the first has loaded', async () => {
    const { address, release } = setup({ holdWhile: (url) => url.searchParams.has('sect') });
    await screen.findByText('/list');
    fireEvent.change(screen.getByLabelText('Sector'), { target: { value: '3' } });
    await waitFor(() => expect(address()).toBe('/list'));
    await waitFor(() => expect(screen.getByLabelText('Busy').textContent).toBe('true'));
    // The sector's page is still loading: the sort builds on it, not on the view shown.
    fireEvent.click(screen.getByText('Sort by price'));
    release();
    await waitFor(() => expect(shown()).toBe('/list?sect=3&sort=price'));
    expect(address()).toBe('/list?sect=3&sort=price');
    expect(screen.getByLabelText('Busy').textContent).toBe('false');
  });

  it('moves pages without touching the filters, and resets the filters but not the order', async () => {
    const { address } = setup({ url: '/list?q=bank&sect=8&sort=price' });
    await screen.findByText('/list?q=bank&sect=8&sort=price');
    fireEvent.click(screen.getByText('Next'));
    await waitFor(() => expect(shown()).toBe('/list?q=bank&sect=8&sort=price&page=2'));
    fireEvent.click(screen.getByText('Reset'));
    await waitFor(() => expect(shown()).toBe('/list?sort=price'));
    expect(address()).toBe('/list?sort=price');
    expect(search().value).toBe('');
    expect((screen.getByLabelText('Sector') as HTMLSelectElement).value).toBe('any');
  });

  it('shows the filters of a view reached by Back, and keeps typing newer than the URL', async () => {
    const { router, address } = setup({ debounceMs: undefined });
    await screen.findByText('/list');
    fireEvent.change(search(), { target: { value: 'app' } });
    fireEvent.click(screen.getByText('Apply'));
    await waitFor(() => expect(shown()).toBe('/list?q=app'));
    // Typing on while the applied search loads, then Back to the unfiltered list.
    fireEvent.change(search(), { target: { value: 'apple' } });
    expect(search().value).toBe('apple');
    await act(() => router.navigate(-1));
    await waitFor(() => expect(shown()).toBe('/list'));
    expect(search().value).toBe('');
    expect(address()).toBe('/list');
  });

  it('leaves newer typing alone when the URL catches up with an older search', async () => {
    const { release } = setup({ debounceMs: undefined, holdWhile: (url) => url.searchParams.get('q') === 'ban' });
    await screen.findByText('/list');
    fireEvent.change(search(), { target: { value: 'ban' } });
    fireEvent.click(screen.getByText('Apply'));
    await waitFor(() => expect(screen.getByLabelText('Busy').textContent).toBe('true'));
    fireEvent.change(search(), { target: { value: 'bank' } });
    release();
    await waitFor(() => expect(shown()).toBe('/list?q=ban'));
    expect(search().value).toBe('bank');
    fireEvent.click(screen.getByText('Apply'));
    await waitFor(() => expect(shown()).toBe('/list?q=bank'));
  });

  it('replaces the history entry when asked to, and ignores text that leads to the same address', async () => {
    const { router, loads } = setup({ url: '/list?q=gas', replace: true });
    await screen.findByText('/list?q=gas');
    fireEvent.change(search(), { target: { value: 'gas ' } });
    await sleep(PAUSE_MS * 2);
    expect(loads).toEqual(['/list?q=gas']);
    fireEvent.change(search(), { target: { value: 'oil' } });
    await waitFor(() => expect(shown()).toBe('/list?q=oil'));
    expect(router.state.historyAction).toBe('REPLACE');
  });
});

describe('useListView: a list kept in the component', () => {
  it('changes its view without touching the address', async () => {
    const router = createMemoryRouter([{ path: '/page', element: <MemoryPage /> }], { initialEntries: ['/page'] });
    render(<RouterProvider router={router} />);
    fireEvent.click(screen.getByText('Next'));
    expect(shown()).toBe('/list?page=2');
    fireEvent.change(search(), { target: { value: 'bank' } });
    await waitFor(() => expect(shown()).toBe('/list?q=bank'));
    fireEvent.click(screen.getByText('Reset'));
    expect(shown()).toBe('/list');
    expect(router.state.location.pathname).toBe('/page');
    expect(router.state.location.search).toBe('');
    expect(router.state.historyAction).toBe('POP');
  });
});
