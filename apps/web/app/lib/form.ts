import { type FormEvent, useCallback, useState } from 'react';
import { useNavigation } from 'react-router';
import type { z } from 'zod';

/**
 * The form pattern: one Zod schema from `@app/shared` checks the form in the browser (before
 * anything is sent) and again in the route's action, which answers `FormResult` for the page to
 * show under each field. Only types come from zod here, so pages without forms never bundle it.
 */
export type FieldErrors = Partial<Record<string, string>>;

export interface FormResult {
  fieldErrors?: FieldErrors;
  /** A message about the whole form (e.g. wrong password), shown in a banner above it. */
  formError?: string;
  /** Set when the action succeeded and the page shows a result instead of redirecting. */
  ok?: boolean;
  message?: string;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; fieldErrors: FieldErrors };

/** Form fields as a plain object: text fields as strings, unchecked boxes absent. */
export function formValues(data: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of data.entries()) if (typeof value === 'string') out[key] = value;
  return out;
}

/** Checks a form (or its values) against a schema; one message per field, the first that failed. */
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
 * Browser-side checking for a `<Form>`: on submit an invalid form is stopped, its errors shown
 * and the first wrong field focused; after that each change re-checks live. Server errors from
 * the action show until the visitor submits again.
 */
export function useFormValidation<S extends z.ZodType>(schema: S, serverErrors?: FieldErrors) {
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const check = useCallback(
    (form: HTMLFormElement) => {
      const parsed = parseForm(schema, new FormData(form));
      return parsed.ok ? {} : parsed.fieldErrors;
    },
    [schema],
  );
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const errors = check(event.currentTarget);
    if (Object.keys(errors).length === 0) {
      setClientErrors(null);
      return true;
    }
    event.preventDefault();
    setClientErrors(errors);
    const first = Object.keys(errors)[0];
    const field = first ? event.currentTarget.elements.namedItem(first) : null;
    if (field instanceof HTMLElement) field.focus();
    return false;
  };
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    if (clientErrors !== null) setClientErrors(check(event.currentTarget));
  };
  return { errors: clientErrors ?? serverErrors ?? {}, onSubmit, onChange };
}

/** Whether this page's form is on its way (busy buttons). */
export function useSubmitting(): boolean {
  const navigation = useNavigation();
  return navigation.state === 'submitting' || (navigation.state === 'loading' && navigation.formMethod !== undefined);
}
