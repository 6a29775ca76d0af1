import { describe, expect, it } from 'vitest';
import { themeCookie, themeFromCookieHeader } from './theme.ts';

describe('themeFromCookieHeader', () => {
  it('reads the theme among other cookies', () => {
    expect(themeFromCookieHeader('a=1; theme=dark; b=2')).toBe('dark');
    expect(themeFromCookieHeader('theme=light')).toBe('light');
  });
  it('means "follow the system" when absent, empty or unknown', () => {
    expect(themeFromCookieHeader(undefined)).toBeNull();
    expect(themeFromCookieHeader('')).toBeNull();
    expect(themeFromCookieHeader('theme=purple')).toBeNull();
    expect(themeFromCookieHeader('mytheme=dark; theme_x=dark')).toBeNull();
  });
});

describe('themeCookie', () => {
  it('stores the choice site-wide for a year, Secure only on https', () => {
    expect(themeCookie('dark', false)).toBe('theme=dark; Path=/; Max-Age=31536000; SameSite=Lax');
    expect(themeCookie('light', true)).toContain('; Secure');
    expect(themeFromCookieHeader(themeCookie('light', true).split(';')[0])).toBe('light');
  });
});
