import type { InputHTMLAttributes, ReactNode } from 'react';
import { useFieldIds } from './field';

export function Checkbox({
  label,
  error,
  id,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { label: ReactNode; name: string; error?: string }) {
  const ids = useFieldIds(id);
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-start gap-2">
        <input
          {...input}
          id={ids.inputId}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? ids.errorId : undefined}
          className="mt-0.5 h-4 w-4 rounded border-slate-300 accent-brand-600 focus-visible:outline-2 focus-visible:outline-brand-500"
        />
        <label htmlFor={ids.inputId} className="text-sm text-slate-700">
          {label}
        </label>
      </div>
      {error ? (
        <p id={ids.errorId} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
