import { describe, expect, it } from 'vitest';
import { isCrawler } from './crawlers.ts';

describe('isCrawler', () => {
  it.each([
    'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
    'DuckDuckBot/1.1; (+http://duckduckgo.com/duckduckbot.html)',
    'curl/8.5.0',
    'Wget/1.21.3',
    'python-requests/2.31.0',
    'Go-http-client/1.1',
    'node-fetch/1.0 (+https://github.com/bitinn/node-fetch)',
    'axios/1.6.2',
  ])('counts %s as a crawler', (ua) => {
    expect(isCrawler(ua)).toBe(true);
  });

  it.each([
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0',
  ])('counts a browser as a visitor: %s', (ua) => {
    expect(isCrawler(ua)).toBe(false);
  });

  it('counts a missing User-Agent as a visitor', () => {
    expect(isCrawler(undefined)).toBe(false);
    expect(isCrawler('')).toBe(false);
  });
});
