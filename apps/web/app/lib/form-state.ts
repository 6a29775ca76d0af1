import { type ChangeEvent, type FormEvent, useState } from 'react';
import type { FieldErrors } from './form';

export interface FormStatus {
  tone: 'success' | 'error';
  text: string;
}

type FieldChange = ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>;

/** For forms the page sends itself (the token lives in the browser); route actions use `useFormValidation`. */
export function useFormState<V extends Record<string, string>>(initial: V) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [status, setStatus] = useState<FormStatus | null>(null);
  const [busy, setBusy] = useState(false);
  // A change clears the last submit's message: it spoke of other values.
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
