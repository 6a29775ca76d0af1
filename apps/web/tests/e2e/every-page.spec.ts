import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeOn, SCREENSHOT_DIR, VIEWPORTS } from './support/browser';
import { useSite } from './support/site';

/**
 * Every route of SPEC §2 that exists, placeholders included (they are checked until replaced).
 * Add a page here when it lands; `{slug}` becomes the largest company of the seeded universe.
 */
const PAGES: readonly string[] = [
  '/',
  '/stocks',
  '/screener',
  '/companies/info',
  '/companies/info/{slug}',
  '/companies/info/{slug}/revenue',
  '/companies/info/{slug}/statements',
  '/companies/info/{slug}/statements?statement=cash-flow&period=ttm',
  '/companies/compare?companies={slug}',
  '/companies/market-cap-rankings',
  '/companies/annual-returns-rankings',
  '/companies/dollar-volume-rankings',
  '/news',
  '/simulator',
  '/simulator/my-profolio',
  '/simulator/leaderboard',
  '/simulator/games',
  '/login',
  '/signup',
  '/forgot-password',
  '/reset-password',
  '/revert-email',
  '/profile',
  '/watchlists',
  '/doc-qa',
  '/privacy',
  '/terms',
  '/disclosures',
];

type ThemeName = 'light' | 'dark';
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/**
 * A theme changes colours only (CSS custom properties under `data-theme`), never the document: the
 * light passes run every WCAG 2.1 AA rule, the dark ones the rules that judge colours.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

async function themedPage(
  browser: Browser,
  baseUrl: string,
  viewport: { width: number; height: number },
  theme: ThemeName | null,
  colorScheme: ThemeName = 'light',
) {
  const context = await browser.newContext({ viewport, colorScheme });
  if (theme) await context.addCookies([{ name: 'theme', value: theme, url: baseUrl }]);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  return { page, errors, close: () => context.close() };
}

async function goto(page: Page, url: string) {
  const response = await page.goto(url);
  await page.waitForSelector('html[data-hydrated="true"]');
  return response;
}

/** Relative luminance of an element's computed background (0 black … 1 white), via a 1-pixel canvas. */
function backgroundLuminance(page: Page, selector: string): Promise<number> {
  return page.evaluate((sel) => {
    const el = document.querySelector(sel);
    if (!el) throw new Error(`no ${sel}`);
    const ctx = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
    ctx.fillStyle = getComputedStyle(el).backgroundColor;
    ctx.fillRect(0, 0, 1, 1);
    const [r, g, b] = Array.from(ctx.getImageData(0, 0, 1, 1).data).map((v) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
  }, selector);
}

/** Tabs through the first stops of the page; returns the focused elements that show no focus indicator. */
async function focusWithoutIndicator(page: Page, stops: number): Promise<string[]> {
  const missing: string[] = [];
  await page.locator('body').focus();
  for (let i = 0; i < stops; i += 1) {
    await page.keyboard.press('Tab');
    const state = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const style = getComputedStyle(el);
      const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
      const ring = style.boxShadow !== 'none';
      const name = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${(el.textContent ?? el.getAttribute('aria-label') ?? '').trim().slice(0, 30)}"`;
      return { visible: outline || ring, name };
    });
    if (state && !state.visible) missing.push(state.name);
  }
  return missing;
}

describe('every page at 375 and 1280 px in both themes', () => {
  const site = useSite();

  async function paths(): Promise<string[]> {
    const [largest] = await (await fetch(`${site.server.url}/api/companies/list`)).json();
    return PAGES.map((p) => p.replace('{slug}', largest.slug));
  }

  for (const [width, viewport] of [
    ['375', VIEWPORTS.mobile],
    ['1280', VIEWPORTS.desktop],
  ] as const) {
    for (const theme of ['light', 'dark'] as const) {
      // The four passes share the server and browser but not a page: run together, one's waits overlap another's work.
      it.concurrent(`has no serious or critical WCAG 2.1 AA ${theme === 'light' ? 'violation, no sideways overflow, and visible focus' : 'colour violation and no sideways overflow'} (${width} px, ${theme})`, async ({
        expect,
      }) => {
        const { page, errors, close } = await themedPage(site.browser, site.server.url, viewport, theme);
        const problems: string[] = [];
        for (const path of await paths()) {
          const response = await goto(page, `${site.server.url}${path}`);
          if (!response?.ok()) problems.push(`${path}: HTTP ${response?.status()}`);
          expect(await page.getAttribute('html', 'data-theme')).toBe(theme);
          const axe = axeOn(page);
          const results = await (theme === 'light' ? axe.withTags(WCAG_21_AA) : axe.withRules(COLOUR_RULES)).analyze();
          for (const v of results.violations) {
            if (v.impact === 'serious' || v.impact === 'critical') {
              problems.push(`${path}: ${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
            }
          }
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          if (overflow > 0) problems.push(`${path}: ${overflow}px sideways overflow`);
          // Whether focus shows is a matter of outlines and rings, the same in both themes.
          const stops = theme === 'light' ? (width === '1280' ? 12 : 6) : 0;
          for (const name of await focusWithoutIndicator(page, stops)) {
            problems.push(`${path}: focus not visible on ${name}`);
          }
          if (['/', '/news', '/screener', '/privacy'].includes(path) || path.endsWith('/revenue')) {
            const file = path === '/' ? 'home' : path.split('/').filter(Boolean).slice(-1)[0];
            await page.screenshot({ path: join(SCREENSHOT_DIR, `pages-${file}-${width}-${theme}.png`) });
          }
        }
        expect(problems).toEqual([]);
        expect(errors).toEqual([]);
        await close();
      }, 600_000);
    }
  }
});

describe('the theme: system by default, the cookie when chosen, no flash', () => {
  const site = useSite();

  it('renders the cookie’s theme into the server HTML and tells caches it varies by cookie', async () => {
    const dark = await fetch(`${site.server.url}/news`, { headers: { cookie: 'theme=dark' } });
    expect(await dark.text()).toMatch(/<html[^>]*data-theme="dark"/);
    expect(dark.headers.get('vary')?.toLowerCase()).toContain('cookie');
    const light = await (await fetch(`${site.server.url}/news`, { headers: { cookie: 'theme=light' } })).text();
    expect(light).toMatch(/<html[^>]*data-theme="light"/);
    const system = await (await fetch(`${site.server.url}/news`, { headers: { cookie: 'theme=blue' } })).text();
    expect(system).not.toMatch(/<html[^>]*data-theme=/);
  });

  it('sends hashed scripts without document-only headers (they count in every page’s budget)', async () => {
    const html = await (await fetch(`${site.server.url}/news`)).text();
    const script = html.match(/\/assets\/entry\.client-[\w-]+\.js/)?.[0];
    expect(script).toBeTruthy();
    const res = await fetch(`${site.server.url}${script}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('immutable');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toBeNull();
    expect(res.headers.get('x-frame-options')).toBeNull();
    const page = await fetch(`${site.server.url}/news`);
    expect(page.headers.get('content-security-policy')).toContain("'nonce-");
    expect(page.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });

  it('follows a dark system setting without a cookie, and the toggle stores the opposite choice', async () => {
    const { page, errors, close } = await themedPage(site.browser, site.server.url, VIEWPORTS.desktop, null, 'dark');
    await goto(page, `${site.server.url}/privacy`);
    expect(await page.getAttribute('html', 'data-theme')).toBeNull();
    expect(await backgroundLuminance(page, 'body')).toBeLessThan(0.05);
    const toggle = page.getByRole('button', { name: 'Dark theme' });
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');

    // Keyboard: the toggle is a button in the tab order.
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getAttribute('html', 'data-theme')).toBe('light');
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    expect(await backgroundLuminance(page, 'body')).toBeGreaterThan(0.8);
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'theme')).toMatchObject({ value: 'light', path: '/', sameSite: 'Lax' });

    // A reload is light straight from the server, before any script runs.
    const response = await page.reload();
    expect(await response?.text()).toMatch(/<html[^>]*data-theme="light"/);
    expect(errors).toEqual([]);
    await close();
  });

  it('turns a light page dark on click, cards and text included, at 375 px with the menu usable by keyboard', async () => {
    const { page, close } = await themedPage(site.browser, site.server.url, VIEWPORTS.mobile, null, 'light');
    await goto(page, `${site.server.url}/news`);
    const card = '[data-testid="news-card"]';
    expect(await backgroundLuminance(page, card)).toBeGreaterThan(0.8);
    await page.getByRole('button', { name: 'Dark theme' }).click();
    await expect.poll(() => backgroundLuminance(page, card)).toBeLessThan(0.05);
    // The header stays dark in both themes; its menu opens from the keyboard.
    await page.getByRole('button', { name: 'Open menu' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('#mobile-menu').isVisible()).toBe(true);
    // Past the theme toggle beside it, Tab enters the menu.
    let inMenu = false;
    for (let i = 0; i < 3 && !inMenu; i += 1) {
      await page.keyboard.press('Tab');
      inMenu = await page.evaluate(() => Boolean(document.activeElement?.closest('#mobile-menu')));
    }
    expect(inMenu).toBe(true);
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'theme-dark-menu-375.png') });
    await close();
  });
});
