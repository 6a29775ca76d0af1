import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';
import { nextTabIndex } from './tabs-keys';

export interface TabItem {
  id: string;
  label: ReactNode;
  panel: ReactNode;
}

/** Roving tab stop with automatic activation; Tab again goes into the panel. */
export function Tabs({
  tabs,
  selected,
  onSelect,
  label,
}: {
  tabs: readonly TabItem[];
  selected: string;
  onSelect: (id: string) => void;
  label: string;
}) {
  const base = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const current = Math.max(
    0,
    tabs.findIndex((t) => t.id === selected),
  );
  const onKeyDown = (event: KeyboardEvent) => {
    const next = nextTabIndex(event.key, current, tabs.length);
    if (next === null) return;
    event.preventDefault();
    const tab = tabs[next];
    if (!tab) return;
    onSelect(tab.id);
    refs.current[next]?.focus();
  };
  return (
    <div>
      <div role="tablist" aria-label={label} className="flex gap-1 border-b border-slate-200" onKeyDown={onKeyDown}>
        {tabs.map((tab, i) => {
          const active = i === current;
          return (
            <button
              key={tab.id}
              ref={(el) => {
                refs.current[i] = el;
              }}
              type="button"
              role="tab"
              id={`${base}-tab-${tab.id}`}
              aria-selected={active}
              aria-controls={`${base}-panel-${tab.id}`}
              tabIndex={active ? 0 : -1}
              onClick={() => onSelect(tab.id)}
              className={`-mb-px border-b-2 px-4 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand-500 ${
                active ? 'border-brand-600 text-brand-700' : 'border-transparent text-slate-600 hover:text-slate-900'
              }`}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {tabs.map((tab, i) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`${base}-panel-${tab.id}`}
          aria-labelledby={`${base}-tab-${tab.id}`}
          hidden={i !== current}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: WAI-ARIA tabs: the panel is the next tab stop
          tabIndex={0}
          className="pt-4 focus-visible:outline-2 focus-visible:outline-brand-500"
        >
          {i === current ? tab.panel : null}
        </div>
      ))}
    </div>
  );
}
