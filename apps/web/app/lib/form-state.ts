import { type ChangeEvent, type FormEvent, useState } from 'react';
import type { FieldErrors } from './form';

/** A message about a whole form after it was sent. */
export interface FormStatus {
  tone: 'success' | 'error';
  text: string;
}

type FieldChange = ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>;

/**
 * The state of a form the page sends itself (member pages and dialogs, where the token lives in
 * the browser): its values, an error under each field, a message about the whole form, and
 * whether it is on its way. `field(name)` hands an input its name, value, change handler and
 * error; `submit(work)` makes the submit handler (no page load, busy while `work` runs). Forms
 * a route action answers use `useFormValidation` instead (lib/form.ts).
 */
export function useFormState<V extends Record<string, string>>(initial: V) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [status, setStatus] = useState<FormStatus | null>(null);
  const [busy, setBusy] = useState(false);
  /** A change clears the message of the last submit: it spoke of other values. */
  const setValue = (name: keyof V & string, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setStatus(null);
  };
  const field = <K extends keyof V & string>(name: K) => ({
    name,
    value: values[name],
    onChange: (event: FieldChange) => setValue(name, event.target.value),
    error: errors[name],
  });
  const submit = (work: () => Promise<void> | void) => async (event?: FormEvent) => {
    event?.preventDefault();
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  };
  return { values, setValues, setValue, errors, setErrors, status, setStatus, busy, field, submit };
}
