import { useState } from 'react';
import { describedBy, FieldFrame, type FieldProps, INPUT_CLASS, inputBorder, useFieldIds } from './field';

export function PasswordField({ label, error, hint, id, ...input }: Omit<FieldProps, 'type'>) {
  const ids = useFieldIds(id);
  const [visible, setVisible] = useState(false);
  return (
    <FieldFrame label={label} inputId={ids.inputId} hint={hint} hintId={ids.hintId} error={error} errorId={ids.errorId}>
      <div className="relative">
        <input
          {...input}
          id={ids.inputId}
          type={visible ? 'text' : 'password'}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(ids, hint, error)}
          className={`${INPUT_CLASS} ${inputBorder(error)} pr-16`}
        />
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-pressed={visible}
          aria-controls={ids.inputId}
          className="absolute inset-y-0 right-0 rounded-r-md px-3 text-sm font-medium text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-500"
        >
          {visible ? 'Hide' : 'Show'}
          <span className="sr-only"> password</span>
        </button>
      </div>
    </FieldFrame>
  );
}
