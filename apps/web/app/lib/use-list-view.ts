import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useNavigation } from 'react-router';

export interface ListViewOptions<View extends object, Key extends keyof View> {
  /** The view shown: what the URL asks for, as the page's loader read it. */
  view: View;
  /** The page address of a view (path and query). Two drafts leading to one address are the same. */
  href: (view: View) => string;
  /** The parts a visitor edits before they apply (search text, filters): the draft. */
  draftKeys: readonly Key[];
  /** Draft edits apply after this pause without a change; without it only `apply()` applies them. */
  debounceMs?: number;
  /** Replace the history entry instead of adding one. */
  replace?: boolean;
  /**
   * Keep the view in the component instead of the URL, for a list inside a page whose address
   * stays put; `view` is then the first view.
   */
  inMemory?: boolean;
}

export interface ListView<View extends object, Key extends keyof View> {
  /** The view shown (the URL's, or the component's own with `inMemory`). */
  view: View;
  /** What the filter controls show: the applied filters, or newer edits not yet applied. */
  draft: Pick<View, Key>;
  /** Changes the draft; it applies after `debounceMs`, or on `apply()`. */
  edit: (change: Partial<Pick<View, Key>>) => void;
  /** Applies the draft now (a search submitted with Enter or a button). */
  apply: () => void;
  /**
   * Shows a changed view now, e.g. another sort or page. Every change but a page move goes back
   * to page 1 (SPEC §4).
   */
  show: (change: Partial<View>) => void;
  /** Clears the draft to `cleared` and shows it at once (Reset Filters). */
  reset: (cleared: Pick<View, Key>) => void;
  /** A view asked for is loading (URL views; an in-memory list knows its own loading). */
  busy: boolean;
}

const hasPage = (view: object): view is { page: number } => 'page' in view;

/**
 * The state of a paged, filtered list whose view lives in the URL (SPEC §4: a view can be shared,
 * Back works): the draft the filter controls edit, applied after a pause or on submit, and
 * changes that build on each other while the previous one still loads.
 */
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
  // Drafts compare by the address they lead to, over one fixed view: only the draft part differs.
  const first = useRef(view);
  const keyOf = (part: Pick<View, Key>) => href({ ...first.current, ...part });

  const [draft, setDraft] = useState(() => pick(view));
  const latestDraft = useRef(draft);
  // The draft last sent to the view: when the view catches up with it, newer typing in the
  // draft is left alone; any other change of the view's draft part (Back, a link) replaces it.
  const committed = useRef(draft);
  // The view last asked for: a change made before the previous one has loaded builds on it, so
  // two filters changed in quick succession both stay.
  const requested = useRef(view);

  const idle = navigation.state === 'idle';
  const viewAddress = href(view);
  // Only a settled view moves the base: a revalidation of the old URL while a change is on its
  // way must not bring the old filters back.
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

  // Only a new draft restarts the wait; by the time it ends the view may have caught up.
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
