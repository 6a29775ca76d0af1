import { describe, expect, it } from 'vitest';
import { pageCountOf, pageWindow, parseGoTo } from './pager-math';

describe('pager maths', () => {
  it('counts pages, at least one', () => {
    expect(pageCountOf(0, 10)).toBe(1);
    expect(pageCountOf(10, 10)).toBe(1);
    expect(pageCountOf(11, 10)).toBe(2);
    expect(pageCountOf(10_000, 10)).toBe(1_000);
  });

  it.each([
    [1, 12, 5, [1, 2, 3, 4, 5]],
    [5, 12, 5, [1, 2, 3, 4, 5]],
    [6, 12, 5, [6, 7, 8, 9, 10]],
    [12, 12, 5, [11, 12]],
    [1, 1, 5, [1]],
    [11, 30, 10, [11, 12, 13, 14, 15, 16, 17, 18, 19, 20]],
  ])('page %d of %d, window %d shows %j', (page, count, size, expected) => {
    expect(pageWindow(page, count, size)).toEqual(expected);
  });

  it('clamps the go-to page and ignores what is not a whole number', () => {
    expect(parseGoTo('3', 12)).toBe(3);
    expect(parseGoTo(' 7 ', 12)).toBe(7);
    expect(parseGoTo('99', 12)).toBe(12);
    expect(parseGoTo('0', 12)).toBe(1);
    expect(parseGoTo('-4', 12)).toBe(1);
    expect(parseGoTo('abc', 12)).toBeNull();
    expect(parseGoTo('', 12)).toBeNull();
    expect(parseGoTo('2.5', 12)).toBeNull();
    expect(parseGoTo('1e3', 12)).toBeNull();
  });
});
