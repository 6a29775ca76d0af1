/**
 * Company slugs, SPEC §2: the name lower-cased, '&' becomes 'and', every other run of
 * non-alphanumeric characters becomes one hyphen. Leading and trailing hyphens are trimmed
 * (the rankings view trims them, SPEC §2, and one rule serves every page).
 */
export function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * The display name recovered from a slug, SPEC §2: hyphens become spaces, the word 'and'
 * becomes '&', each word is capitalised. Lossy by design (dots, commas and case are gone);
 * pages use it only until the company's real name has loaded.
 */
export function nameFromSlug(slug: string): string {
  return slug
    .split('-')
    .filter((word) => word.length > 0)
    .map((word) => (word === 'and' ? '&' : word.charAt(0).toUpperCase() + word.slice(1)))
    .join(' ');
}
