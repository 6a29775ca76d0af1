import type { ReactNode } from 'react';

/** One form, so Enter in a text field submits it. */
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
