import type { ReactNode, SelectHTMLAttributes } from 'react';
import { describedBy, FieldFrame, INPUT_CLASS, inputBorder, useFieldIds } from './field';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
  title?: string;
}

export function SelectField({
  label,
  options,
  error,
  hint,
  id,
  ...select
}: SelectHTMLAttributes<HTMLSelectElement> & {
  label: ReactNode;
  options: readonly SelectOption[];
  error?: string;
  hint?: ReactNode;
}) {
  const ids = useFieldIds(id);
  return (
    <FieldFrame label={label} inputId={ids.inputId} hint={hint} hintId={ids.hintId} error={error} errorId={ids.errorId}>
      <select
        {...select}
        id={ids.inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(ids, hint, error)}
        className={`${INPUT_CLASS} ${inputBorder(error)}`}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled} title={o.title}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
