import { type InputHTMLAttributes, type ReactNode, useId } from 'react';

export const INPUT_CLASS =
  'block w-full rounded-md border bg-white px-3 py-2 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus:outline-2 focus:outline-offset-0 focus:outline-brand-500 disabled:bg-slate-100 sm:text-sm';

export const inputBorder = (error?: string) => (error ? 'border-red-500' : 'border-slate-300');

export function useFieldIds(id?: string) {
  const auto = useId();
  const inputId = id ?? auto;
  return { inputId, hintId: `${inputId}-hint`, errorId: `${inputId}-error` };
}

export const describedBy = (ids: { hintId: string; errorId: string }, hint?: ReactNode, error?: string) =>
  [hint ? ids.hintId : null, error ? ids.errorId : null].filter(Boolean).join(' ') || undefined;

export function FieldFrame({
  label,
  inputId,
  hint,
  hintId,
  error,
  errorId,
  children,
}: {
  label: ReactNode;
  inputId: string;
  hint?: ReactNode;
  hintId: string;
  error?: string;
  errorId: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: ReactNode;
  name: string;
  error?: string;
  hint?: ReactNode;
}

export function Field({ label, error, hint, id, className = '', ...input }: FieldProps) {
  const ids = useFieldIds(id);
  return (
    <FieldFrame label={label} inputId={ids.inputId} hint={hint} hintId={ids.hintId} error={error} errorId={ids.errorId}>
      <input
        {...input}
        id={ids.inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(ids, hint, error)}
        className={`${INPUT_CLASS} ${inputBorder(error)} ${className}`}
      />
    </FieldFrame>
  );
}

export function TextAreaField({
  label,
  error,
  hint,
  id,
  ...input
}: InputHTMLAttributes<HTMLTextAreaElement> & { label: ReactNode; name: string; error?: string; hint?: ReactNode }) {
  const ids = useFieldIds(id);
  return (
    <FieldFrame label={label} inputId={ids.inputId} hint={hint} hintId={ids.hintId} error={error} errorId={ids.errorId}>
      <textarea
        {...(input as InputHTMLAttributes<HTMLTextAreaElement>)}
        id={ids.inputId}
        rows={4}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(ids, hint, error)}
        className={`${INPUT_CLASS} ${inputBorder(error)}`}
      />
    </FieldFrame>
  );
}
