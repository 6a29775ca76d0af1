import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useNavigation } from 'react-router';
import type { z } from 'zod';

// Only types come from zod here, so pages without forms never bundle it.
export type FieldErrors = Partial<Record<string, string>>;

export interface FormResult {
  fieldErrors?: FieldErrors;
  formError?: string;
  ok?: boolean;
  message?: string;
}

export const FORM_CHECKS_UNAVAILABLE = 'The form could not be checked: the page lost its connection. Please try again.';

export type Parsed<T> = { ok: true; value: T } | { ok: false; fieldErrors: FieldErrors };

export function formValues(data: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of data.entries()) if (typeof value === 'string') out[key] = value;
  return out;
}

export function parseForm<S extends z.ZodType>(
  schema: S,
  input: FormData | Record<string, unknown>,
): Parsed<z.output<S>> {
  const values = input instanceof FormData ? formValues(input) : input;
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, value: result.data };
  const fieldErrors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length ? String(issue.path[0]) : 'form';
    fieldErrors[key] ??= issue.message;
  }
  return { ok: false, fieldErrors };
}

/**
 * `loadSchema` is a dynamic import: Zod (25 kB compressed) loads once the form is on screen, not
 * before hydration. A submit before it arrives waits, checks, then submits the form again itself.
 */
export function useFormValidation<S extends z.ZodType>(loadSchema: () => Promise<S>, serverErrors?: FieldErrors) {
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const schema = useRef<S | null>(null);
  const loading = useRef<Promise<S> | null>(null);
  // One download at a time; a failed one is forgotten, so the next submit tries again.
  const load = () => {
    loading.current ??= loadSchema().then(
      (loaded) => {
        schema.current = loaded;
        return loaded;
      },
      (error: unknown) => {
        loading.current = null;
        throw error;
      },
    );
    return loading.current;
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once when the form is on screen; the loader is the same import each render
  useEffect(() => {
    // A failure here is reported by the submit that needs the checks.
    load().catch(() => {});
  }, []);
  const check = (loaded: S, form: HTMLFormElement): FieldErrors => {
    const parsed = parseForm(loaded, new FormData(form));
    return parsed.ok ? {} : parsed.fieldErrors;
  };
  const show = (form: HTMLFormElement, errors: FieldErrors) => {
    setClientErrors(errors);
    const first = Object.keys(errors)[0];
    const field = first ? form.elements.namedItem(first) : null;
    if (field instanceof HTMLElement) field.focus();
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    setLoadError(null);
    if (schema.current === null) {
      event.preventDefault();
      const submitter = (event.nativeEvent as SubmitEvent).submitter;
      load().then(
        (loaded) => {
          const errors = check(loaded, form);
          if (Object.keys(errors).length > 0) show(form, errors);
          else form.requestSubmit(submitter);
        },
        () => setLoadError(FORM_CHECKS_UNAVAILABLE),
      );
      return false;
    }
    const errors = check(schema.current, form);
    if (Object.keys(errors).length === 0) {
      setClientErrors(null);
      return true;
    }
    event.preventDefault();
    show(form, errors);
    return false;
  };
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    if (clientErrors !== null && schema.current !== null) setClientErrors(check(schema.current, event.currentTarget));
  };
  return { errors: clientErrors ?? serverErrors ?? {}, loadError, onSubmit, onChange };
}

export function useSubmitting(): boolean {
  const navigation = useNavigation();
  return navigation.state === 'submitting' || (navigation.state === 'loading' && navigation.formMethod !== undefined);
}
