/** Whether a value (e.g. from a query string or a select) is one of `list`; no Zod needed. */
export function isOneOf<T extends string>(list: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (list as readonly string[]).includes(value);
}
