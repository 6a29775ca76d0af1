import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it, onTestFailed } from 'vitest';
import { gotoHydrated, openPage, SCREENSHOT_DIR, seriousAxeViolations, VIEWPORTS } from './support/browser';
import { useSite } from './support/site';

// Our own DATA_DIR, so the journey can read the reset e-mail from the outbox.
const DATA_DIR = mkdtempSync(join(tmpdir(), 'e2e-accounts-'));
/** A name of its own for each attempt of a test, so CI's retry finds no account of the first attempt in its way. */
const attemptTag = () => Date.now().toString(36);

/** The newest outbox message, decoded (bodies are quoted-printable). */
function newestMail(): string {
  const dir = join(DATA_DIR, 'outbox');
  const files = readdirSync(dir).sort();
  return readFileSync(join(dir, files[files.length - 1] as string), 'utf8')
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** The link to `path` in the newest outbox message. */
function linkFromOutbox(path = '/reset-password'): string {
  const link = new RegExp(`(https?://\\S+${path}\\?token=[\\w-]+)`).exec(newestMail())?.[1];
  if (!link) throw new Error(`no ${path} link in the outbox e-mail`);
  return link;
}

const resetLinkFromOutbox = () => linkFromOutbox('/reset-password');

/** An account made through the API, for journeys that start signed out with it. */
async function createAccount(url: string, username: string, email: string, password: string) {
  const res = await fetch(`${url}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, email, password }),
  });
  expect(res.status).toBe(201);
}

/** The token this page's session holds. */
const storedToken = (page: Page) =>
  page.evaluate(() => sessionStorage.getItem('token') ?? localStorage.getItem('token'));

/** The status of a signed-in API call made with `token`. */
const detailsStatus = async (url: string, token: string | null) =>
  (await fetch(`${url}/api/users/details`, { headers: { authorization: `Bearer ${token}` } })).status;

/** The script with the account forms' checks (Zod and the schemas of @app/shared/auth). */
const CHECKS = /\/assets\/auth-[\w-]{8}\.js$/;

/** Holds the checks' script back until `release()`; `asked()` counts the page's requests for it. */
async function holdChecks(page: Page) {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let asked = 0;
  await page.route(CHECKS, async (route) => {
    asked += 1;
    await held;
    await route.continue();
  });
  return { release: () => release(), asked: () => asked };
}

const avatar = (page: Page) => page.getByRole('button', { name: /^Account menu for/ }).first();

async function signOut(page: Page) {
  await avatar(page).click();
  await page.getByRole('button', { name: 'Sign out' }).first().click();
  await page.getByRole('link', { name: 'Login' }).first().waitFor();
}

async function signIn(page: Page, url: string, password: string, remember: boolean, email: string) {
  await gotoHydrated(page, `${url}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  if (remember) await page.getByLabel('Remember me').check();
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await avatar(page).waitFor();
}

describe('accounts journey', () => {
  const site = useSite({ env: { DATA_DIR } });
  afterAll(() => rmSync(DATA_DIR, { recursive: true, force: true }));

  it('renders the sign-in, sign-up and reset forms in the server HTML', async () => {
    // Sign-in and sign-up are pages people look for by name; the reset pages are not.
    for (const [path, text, robots] of [
      ['/login', 'Forgot password?', 'index,follow'],
      ['/signup', 'Create account', 'index,follow'],
      ['/forgot-password', 'Send reset link', 'noindex,follow'],
      ['/reset-password?token=abc', 'Choose a new password', 'noindex,follow'],
    ]) {
      const res = await fetch(`${site.server.url}${path}`);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain(text);
      expect(html).toContain(`<meta name="robots" content="${robots}"/>`);
    }
    // No Google client id configured: no button, no script from Google, nothing allowed for it.
    const login = await fetch(`${site.server.url}/login`);
    expect(await login.text()).not.toContain('accounts.google.com');
    expect(login.headers.get('content-security-policy')).not.toContain('google');
  });

  it('checks the sign-up form in the browser with the SPEC §5 messages', async () => {
    const { page, errors, close } = await openPage(site.browser, VIEWPORTS.mobile);
    // Validation in the browser must live within the page's Content-Security-Policy (no eval).
    await page.addInitScript(() => {
      const seen: string[] = [];
      Object.assign(window, { cspViolations: seen });
      document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    await gotoHydrated(page, `${site.server.url}/signup`);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect.poll(() => page.getByText('Username is required').count()).toBe(1);
    await expect.poll(() => page.getByText('Email is required').count()).toBe(1);
    await expect.poll(() => page.getByText('Password must be at least 6 characters').count()).toBe(1);
    await page.getByLabel('Username').fill('x');
    await expect
      .poll(() =>
        page.getByText('Username must be 2-20 characters and contain only letters, numbers, and underscores').count(),
      )
      .toBe(1);
    await page.getByLabel('Password', { exact: true }).fill('secret1');
    await page.getByLabel('Confirm password').fill('secret');
    await expect.poll(() => page.getByText('Passwords do not match').count()).toBeGreaterThan(0);
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'accounts-signup-errors-375.png'), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
    expect(errors).toEqual([]);
    await close();
  });

  it('loads the form checks after the page; a submit before they arrive waits for them', async () => {
    const url = site.server.url;
    // The checks (Zod and the schemas) are not among the scripts the page loads first.
    const html = await (await fetch(`${url}/login`)).text();
    const preloads = [...html.matchAll(/rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]);
    expect(preloads.length).toBeGreaterThan(3);
    expect(preloads.filter((href) => CHECKS.test(href ?? ''))).toEqual([]);

    const { page, errors, close } = await openPage(site.browser, VIEWPORTS.desktop);
    const checks = await holdChecks(page);
    await gotoHydrated(page, `${url}/login`);
    // An empty submit while the checks are on their way: nothing is sent, the errors come with them.
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    expect(await page.getByText('Email is required').count()).toBe(0);
    expect(checks.asked()).toBe(1);
    checks.release();
    await expect.poll(() => page.getByText('Email is required').count()).toBe(1);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('email');

    // A valid submit before the checks arrive is checked, then sent: the server answers it.
    const second = await openPage(site.browser, VIEWPORTS.desktop);
    const secondChecks = await holdChecks(second.page);
    await gotoHydrated(second.page, `${url}/login`);
    await second.page.getByLabel('Email').fill('nobody@example.com');
    await second.page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await second.page.getByRole('button', { name: 'Sign in', exact: true }).click();
    secondChecks.release();
    await expect.poll(() => second.page.getByText('Invalid email or password. Please try again.').count()).toBe(1);

    // The checks cannot be downloaded: the form says so, and the next submit tries again.
    const third = await openPage(site.browser, VIEWPORTS.mobile);
    await third.page.route(CHECKS, (route) => route.abort());
    await gotoHydrated(third.page, `${url}/signup`);
    await third.page.getByRole('button', { name: 'Create account' }).click();
    await expect
      .poll(() => third.page.getByText('The form could not be checked: the page lost its connection.').count())
      .toBe(1);
    await third.page.unroute(CHECKS);
    await third.page.getByRole('button', { name: 'Create account' }).click();
    await expect.poll(() => third.page.getByText('Username is required').count()).toBe(1);
    expect(await third.page.getByText('The form could not be checked').count()).toBe(0);

    expect(errors).toEqual([]);
    // The refused sign-in and the blocked downloads are the only errors in the console.
    expect(second.errors).toEqual([
      'Failed to load resource: the server responded with a status of 401 (Unauthorized)',
    ]);
    expect(third.errors.filter((e) => !e.includes('net::ERR_FAILED'))).toEqual([]);
    await close();
    await second.close();
    await third.close();
  });

  it('signs up, out, in with Remember me, edits the profile, changes and resets the password', async () => {
    const url = site.server.url;
    const tag = attemptTag();
    const email = `rosa-${tag}@example.com`;
    const username = `rosa_${tag}`;
    const { page, errors, close } = await openPage(site.browser, VIEWPORTS.desktop);
    onTestFailed(async () => {
      await page.screenshot({ path: join(SCREENSHOT_DIR, 'accounts-journey-failure.png'), fullPage: true });
    });

    // Sign up: live confirmation, terms, then signed in straight away.
    await gotoHydrated(page, `${url}/signup`);
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('first-pass');
    await page.getByLabel('Confirm password').fill('first-pass');
    await expect.poll(() => page.getByText('Passwords match').count()).toBe(1);
    await page.getByLabel(/I agree to the/).check();
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'accounts-signup-1280.png') });
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(`${url}/`);
    await avatar(page).waitFor();
    expect(await avatar(page).textContent()).toBe('R');
    // Remember me was not asked for: the session ends with the browser session.
    expect(
      await page.evaluate(() => [localStorage.getItem('token'), sessionStorage.getItem('token') !== null]),
    ).toEqual([null, true]);
    await avatar(page).click();
    expect(await page.getByText(email).first().isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await signOut(page);

    // A wrong password reads the same as an unknown address.
    await gotoHydrated(page, `${url}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('wrong-pass');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect.poll(() => page.getByText('Invalid email or password. Please try again.').count()).toBe(1);
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'accounts-login-error-1280.png') });
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Profile needs sign-in and sends the visitor back there afterwards.
    await page.goto(`${url}/profile`);
    await page.waitForURL(/\/login\?redirectTo=%2Fprofile/);
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('first-pass');
    await page.getByLabel('Remember me').check();
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(/\/profile$/);
    expect(await page.evaluate(() => localStorage.getItem('token') !== null)).toBe(true);

    // Profile details: Update only once something changed.
    const update = page.getByRole('button', { name: 'Update', exact: true });
    await update.waitFor();
    expect(await page.getByLabel('Username').inputValue()).toBe(username);
    expect(await update.isDisabled()).toBe(true);
    await page.getByLabel('Website').fill('https://rosa.example');
    await page.getByLabel('Country/Region').fill('Portugal');
    expect(await update.isDisabled()).toBe(false);
    await update.click();
    await expect.poll(() => page.getByText('Profile updated').count()).toBe(1);
    expect(await update.isDisabled()).toBe(true);
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'accounts-profile-1280.png'), fullPage: true });
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Change password: mismatch first, then success clears the fields.
    await page.getByLabel('Current password').fill('first-pass');
    await page.getByLabel('New password', { exact: true }).fill('second-pass');
    await page.getByLabel('Confirm new password').fill('second-pas');
    await page.getByRole('button', { name: 'Update password' }).click();
    await expect.poll(() => page.getByText('New passwords do not match').count()).toBe(1);
    await page.getByLabel('Confirm new password').fill('second-pass');
    await page.getByRole('button', { name: 'Update password' }).click();
    await expect.poll(() => page.getByText('Password updated').count()).toBe(1);
    expect(await page.getByLabel('Current password').inputValue()).toBe('');
    // This session goes on with its new token.
    await page.reload();
    await page.getByRole('button', { name: 'Update', exact: true }).waitFor();
    await signOut(page);

    // Forgot password -> the outbox e-mail -> a new password -> sign in with it.
    await gotoHydrated(page, `${url}/forgot-password`);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect.poll(() => page.getByText('Please enter your email address').count()).toBe(1);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    expect(await page.getByRole('link', { name: 'Try again' }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Back to sign in' }).count()).toBe(1);
    const link = resetLinkFromOutbox();
    expect(link.startsWith(`${url}/reset-password?token=`)).toBe(true);
    await gotoHydrated(page, link);
    await page.getByLabel('New password', { exact: true }).fill('third-pass');
    await page.getByLabel('Confirm new password').fill('third-pass');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByRole('heading', { name: 'Password updated' }).waitFor();
    await signIn(page, url, 'third-pass', false, email);
    expect(await avatar(page).textContent()).toBe('R');
    // The one refused sign-in (wrong password) is the only failed request the browser saw.
    expect(errors).toEqual(['Failed to load resource: the server responded with a status of 401 (Unauthorized)']);
    await close();
  }, 240_000);

  it('resets a password on a host other than SITE_URL; e-mailed and canonical links keep SITE_URL', async () => {
    // The site answers at localhost as well as at its SITE_URL (127.0.0.1): forms work on both.
    const url = site.server.url;
    const alias = url.replace('127.0.0.1', 'localhost');
    const tag = attemptTag();
    const email = `alias-${tag}@example.com`;
    const signup = await fetch(`${url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: `alias_${tag}`, email, password: 'first-pass' }),
    });
    expect(signup.status).toBe(201);
    const { page, errors, close } = await openPage(site.browser, VIEWPORTS.mobile);
    onTestFailed(async () => {
      await page.screenshot({ path: join(SCREENSHOT_DIR, 'accounts-alias-failure.png'), fullPage: true });
    });
    await gotoHydrated(page, `${alias}/forgot-password`);
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${url}/forgot-password`);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    const link = resetLinkFromOutbox();
    expect(link.startsWith(`${url}/reset-password?token=`)).toBe(true);
    // The visitor follows the link on the host they use.
    await gotoHydrated(page, link.replace(url, alias));
    await page.getByLabel('New password', { exact: true }).fill('alias-pass');
    await page.getByLabel('Confirm new password').fill('alias-pass');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByRole('heading', { name: 'Password updated' }).waitFor();
    const login = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'alias-pass', remember: false }),
    });
    expect(login.status).toBe(200);
    expect(errors).toEqual([]);
    await close();
  });

  it('changes the email only with the current password; the old address gets a link that undoes it', async () => {
    const url = site.server.url;
    const tag = attemptTag();
    const oldEmail = `mara-${tag}@example.com`;
    const newEmail = `mara.new-${tag}@example.com`;
    await createAccount(url, `mara_${tag}`, oldEmail, 'mara-pass');
    const { page, errors, close } = await openPage(site.browser, VIEWPORTS.desktop);
    onTestFailed(async () => {
      await page.screenshot({ path: join(SCREENSHOT_DIR, 'accounts-email-change-failure.png'), fullPage: true });
    });
    await signIn(page, url, 'mara-pass', false, oldEmail);
    await gotoHydrated(page, `${url}/profile`);
    const email = page.getByLabel('Email', { exact: true });
    await email.waitFor();
    // The password is asked for once the address differs, and checked by the server.
    expect(await page.getByLabel('Current password').count()).toBe(1);
    await email.fill(newEmail);
    await expect.poll(() => page.getByLabel('Current password').count()).toBe(2);
    const current = page.getByRole('region', { name: 'Profile Details' }).getByLabel('Current password');
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await expect.poll(() => page.getByText('Enter your current password to change your email').count()).toBe(1);
    await current.fill('not-my-pass');
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await expect.poll(() => page.getByText('Current password is incorrect').count()).toBe(1);
    await current.fill('mara-pass');
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await expect.poll(() => page.getByText('We told your old email address about the change').count()).toBe(1);
    expect(await avatar(page).getAttribute('aria-label')).toBe(`Account menu for ${newEmail}`);
    expect(await page.getByLabel('Current password').count()).toBe(1);
    await page.setViewportSize(VIEWPORTS.mobile);
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'accounts-email-changed-375.png'), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.setViewportSize(VIEWPORTS.desktop);
    const token = await storedToken(page);

    // The notice goes to the old address; its link puts the address back and ends every session.
    const mail = newestMail();
    expect(mail).toContain(`To: ${oldEmail}`);
    const link = linkFromOutbox('/revert-email');
    expect(link.startsWith(`${url}/revert-email?token=`)).toBe(true);
    await gotoHydrated(page, link);
    await page.getByRole('heading', { name: 'Restore your email address' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Restore my email address' }).click();
    await page.getByRole('heading', { name: 'Email address restored' }).waitFor();
    expect(await detailsStatus(url, token)).toBe(401);
    await signIn(page, url, 'mara-pass', false, oldEmail);
    // The link works once.
    await gotoHydrated(page, link);
    await page.getByRole('button', { name: 'Restore my email address' }).click();
    await expect.poll(() => page.getByRole('alert').filter({ hasText: /link/i }).count()).toBe(1);
    // The refused password (403) and the used link (400) are the only failed requests.
    expect(errors.filter((e) => !/status of (403|400)/.test(e))).toEqual([]);
    await close();
  }, 120_000);

  it('signs out on the server (the old token is refused), signs out everywhere, and opts in to the leaderboard', async () => {
    const url = site.server.url;
    const tag = attemptTag();
    const email = `nils-${tag}@example.com`;
    await createAccount(url, `nils_${tag}`, email, 'nils-pass');
    const first = await openPage(site.browser, VIEWPORTS.desktop);
    const second = await openPage(site.browser, VIEWPORTS.desktop);
    onTestFailed(async () => {
      await first.page.screenshot({ path: join(SCREENSHOT_DIR, 'accounts-sessions-failure.png'), fullPage: true });
    });

    // Sign out: the token the browser held stops working at once.
    await signIn(first.page, url, 'nils-pass', true, email);
    const signedOut = await storedToken(first.page);
    expect(await detailsStatus(url, signedOut)).toBe(200);
    await signOut(first.page);
    expect(await storedToken(first.page)).toBeNull();
    expect(await detailsStatus(url, signedOut)).toBe(401);

    // Two sessions; the leaderboard setting, then "Sign out everywhere" ends both.
    await signIn(first.page, url, 'nils-pass', false, email);
    await signIn(second.page, url, 'nils-pass', false, email);
    const other = await storedToken(second.page);
    await gotoHydrated(first.page, `${url}/profile`);
    const board = first.page.getByRole('region', { name: 'Leaderboard' });
    const optIn = board.getByLabel("Show me on the members' leaderboard");
    await optIn.waitFor();
    expect(await optIn.isChecked()).toBe(false);
    await optIn.check();
    await board.getByLabel('Display name').fill('!');
    await board.getByRole('button', { name: 'Save leaderboard setting' }).click();
    await expect.poll(() => board.getByText(/^Display name must be 2-30 characters/).count()).toBe(1);
    await board.getByLabel('Display name').fill('Nils the Bold');
    await board.getByRole('button', { name: 'Save leaderboard setting' }).click();
    await expect.poll(() => board.getByText('You are on the leaderboard').count()).toBe(1);
    await first.page.reload();
    await first.page.getByRole('region', { name: 'Leaderboard' }).getByLabel('Display name').waitFor();
    expect(await first.page.getByLabel('Display name').inputValue()).toBe('Nils the Bold');
    expect(await first.page.getByLabel("Show me on the members' leaderboard").isChecked()).toBe(true);
    await first.page.screenshot({ path: join(SCREENSHOT_DIR, 'accounts-profile-settings-1280.png'), fullPage: true });
    expect(await seriousAxeViolations(first.page)).toEqual([]);

    await first.page.getByRole('button', { name: 'Sign out everywhere' }).click();
    // A poll, not waitForURL: a failure then names the address the page went to instead.
    await expect.poll(() => first.page.url()).toMatch(/\/login$/);
    expect(await storedToken(first.page)).toBeNull();
    expect(await detailsStatus(url, other)).toBe(401);
    // The other session finds out on its next signed-in call and is sent to sign in.
    await second.page.goto(`${url}/profile`);
    await expect.poll(() => second.page.url()).toMatch(/\/login\?redirectTo=%2Fprofile$/);
    expect(first.errors).toEqual([]);
    await first.close();
    await second.close();
  }, 120_000);

  it('fits and stays accessible at 375 px', async () => {
    const { page, errors, close } = await openPage(site.browser, VIEWPORTS.mobile);
    for (const path of ['/login', '/forgot-password']) {
      await gotoHydrated(page, `${site.server.url}${path}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.screenshot({
        path: join(SCREENSHOT_DIR, `accounts${path.replace('/', '-')}-375.png`),
        fullPage: true,
      });
    }
    expect(errors).toEqual([]);
    await close();
  });
});
