import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useNavigation } from 'react-router';

export interface ListViewOptions<View extends object, Key extends keyof View> {
  view: View;
  /** Two drafts leading to one address are the same. */
  href: (view: View) => string;
  draftKeys: readonly Key[];
  debounceMs?: number;
  replace?: boolean;
  inMemory?: boolean;
}

export interface ListView<View extends object, Key extends keyof View> {
  view: View;
  draft: Pick<View, Key>;
  edit: (change: Partial<Pick<View, Key>>) => void;
  apply: () => void;
  /** Every change but a page move goes back to page 1 (SPEC §4). */
  show: (change: Partial<View>) => void;
  reset: (cleared: Pick<View, Key>) => void;
  busy: boolean;
}

const hasPage = (view: object): view is { page: number } => 'page' in view;

/** SPEC §4: the view lives in the URL, so it can be shared and Back works. */
export function useListView<View extends object, Key extends keyof View>(
  options: ListViewOptions<View, Key>,
): ListView<View, Key> {
  const { href, draftKeys, debounceMs, replace = false, inMemory = false } = options;
  const navigate = useNavigate();
  const navigation = useNavigation();
  const location = useLocation();
  const [ownView, setOwnView] = useState(options.view);
  const view = inMemory ? ownView : options.view;

  const pick = (from: View) => {
    const part: Partial<Pick<View, Key>> = {};
    for (const key of draftKeys) part[key] = from[key];
    return part as Pick<View, Key>;
  };
  const first = useRef(view);
  const keyOf = (part: Pick<View, Key>) => href({ ...first.current, ...part });

  const [draft, setDraft] = useState(() => pick(view));
  const latestDraft = useRef(draft);
  // When the view catches up with this, newer typing stays; any other change (Back, a link) replaces it.
  const committed = useRef(draft);
  // Two filters changed in quick succession both stay.
  const requested = useRef(view);

  const idle = navigation.state === 'idle';
  const viewAddress = href(view);
  // A revalidation of the old URL while a change is on its way must not bring old filters back.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the base follows navigations and settled views, not every view object
  useEffect(() => {
    if (idle) requested.current = view;
  }, [location.key, idle, viewAddress]);

  const fromView = pick(view);
  const fromViewKey = keyOf(fromView);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the view's draft part changes
  useEffect(() => {
    if (fromViewKey === keyOf(committed.current)) return;
    committed.current = fromView;
    latestDraft.current = fromView;
    setDraft(fromView);
  }, [fromViewKey]);

  const show = (change: Partial<View>) => {
    const base = requested.current;
    const next = { ...base, ...(hasPage(base) ? { page: 1 } : {}), ...change } as View;
    requested.current = next;
    committed.current = pick(next);
    if (inMemory) setOwnView(next);
    else navigate(href(next), { replace, preventScrollReset: true });
  };

  const apply = () => show(latestDraft.current as unknown as Partial<View>);

  const edit = (change: Partial<Pick<View, Key>>) => {
    latestDraft.current = { ...latestDraft.current, ...change };
    setDraft(latestDraft.current);
  };

  const draftKey = keyOf(draft);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the timer restarts on a new draft only
  useEffect(() => {
    if (debounceMs === undefined || draftKey === keyOf(committed.current)) return;
    const timer = setTimeout(() => {
      if (keyOf(latestDraft.current) !== keyOf(committed.current)) apply();
    }, debounceMs);
    return () => clearTimeout(timer);
  }, [draftKey]);

  const reset = (cleared: Pick<View, Key>) => {
    latestDraft.current = cleared;
    setDraft(cleared);
    show(cleared as unknown as Partial<View>);
  };

  const path = viewAddress.split('?')[0];
  const busy = !inMemory && navigation.state === 'loading' && navigation.location.pathname === path;
  return { view, draft, edit, apply, show, reset, busy };
}
