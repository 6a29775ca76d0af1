import { describe, expect, it } from 'vitest';
import { nameFromSlug, slugify } from './slug.ts';

describe('slugify (SPEC §2)', () => {
  it.each([
    ['Apple Inc.', 'apple-inc'],
    ['AT&T Inc.', 'at-and-t-inc'],
    ['Johnson & Johnson', 'johnson-and-johnson'],
    ['Berkshire Hathaway Inc.', 'berkshire-hathaway-inc'],
    ["McDonald's Corp", 'mcdonald-s-corp'],
    ['Procter, Gamble & Co.', 'procter-gamble-and-co'],
    ['3M Co', '3m-co'],
    ['  Alphabet   Inc. ', 'alphabet-inc'],
    ['S&P Global', 's-and-p-global'],
    ['Coca-Cola Co/The', 'coca-cola-co-the'],
    ['T. Rowe Price Group, Inc.', 't-rowe-price-group-inc'],
    ["Dick's Sporting Goods, Inc.", 'dick-s-sporting-goods-inc'],
    ['1-800-FLOWERS.COM, Inc.', '1-800-flowers-com-inc'],
    ['A&B&C', 'a-and-b-and-c'],
  ])('%s → %s', (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });
});

describe('nameFromSlug (SPEC §2)', () => {
  it.each([
    ['apple-inc', 'Apple Inc'],
    ['johnson-and-johnson', 'Johnson & Johnson'],
    ['at-and-t-inc', 'At & T Inc'],
    ['3m-co', '3m Co'],
    ['t-rowe-price-group-inc', 'T Rowe Price Group Inc'],
    ['1-800-flowers-com-inc', '1 800 Flowers Com Inc'],
    ['procter-and-gamble-co', 'Procter & Gamble Co'],
    ['', ''],
  ])('%s → %s', (slug, name) => {
    expect(nameFromSlug(slug)).toBe(name);
  });
});
