/** Name of the cookie holding the visitor's theme; page caches key on it (it changes the HTML). */
export const THEME_COOKIE = 'theme';

/** The two themes a visitor can pick; no cookie means "follow the system setting". */
export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

/** A year: the choice outlives the browser session. */
export const THEME_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** The theme in a `Cookie` request header, or null when absent or not one of THEMES. */
export function themeFromCookieHeader(header: string | null | undefined): Theme | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== THEME_COOKIE) continue;
    const value = part.slice(eq + 1).trim();
    return (THEMES as readonly string[]).includes(value) ? (value as Theme) : null;
  }
  return null;
}

/** The cookie string that stores a choice (for `document.cookie`); Secure on an https site. */
export function themeCookie(theme: Theme, secure: boolean): string {
  return `${THEME_COOKIE}=${theme}; Path=/; Max-Age=${THEME_COOKIE_MAX_AGE_S}; SameSite=Lax${secure ? '; Secure' : ''}`;
}
