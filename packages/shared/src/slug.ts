/** SPEC §2 slug: lower case, '&' → 'and', other non-alphanumeric runs → one hyphen, ends trimmed. */
export function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** SPEC §2: a display name from a slug (lossy), used only until the company's real name has loaded. */
export function nameFromSlug(slug: string): string {
  return slug
    .split('-')
    .filter((word) => word.length > 0)
    .map((word) => (word === 'and' ? '&' : word.charAt(0).toUpperCase() + word.slice(1)))
    .join(' ');
}
