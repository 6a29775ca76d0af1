import type { ReactNode } from 'react';

/**
 * The box of filters over a list: a search landmark around one form, so Enter in a text field
 * submits it (`onSubmit`) and the fields lay out on the grid of `className`.
 */
export function FilterBar({
  label,
  onSubmit,
  className = '',
  children,
}: {
  label: string;
  onSubmit?: () => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <search aria-label={label}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit?.();
        }}
        className={`grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm ${className}`}
      >
        {children}
      </form>
    </search>
  );
}
