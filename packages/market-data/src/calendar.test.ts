import { describe, expect, it } from 'vitest';
import {
  isTradingDay,
  lastTradingDayBefore,
  nextTradingDay,
  nyseHolidays,
  previousTradingDay,
  tradingDaysBetween,
} from './calendar.ts';

describe('NYSE calendar', () => {
  it('closes on weekends and the fixed and floating holidays', () => {
    for (const closed of [
      '2024-01-01', // New Year's Day
      '2024-01-15', // MLK Day
      '2024-02-19', // Presidents' Day
      '2024-03-29', // Good Friday
      '2024-05-27', // Memorial Day
      '2024-06-19', // Juneteenth
      '2024-07-04',
      '2024-09-02', // Labor Day
      '2024-11-28', // Thanksgiving
      '2024-12-25',
      '2024-06-15', // Saturday
      '2024-06-16', // Sunday
    ]) {
      expect(isTradingDay(closed), closed).toBe(false);
    }
    expect(isTradingDay('2024-11-29')).toBe(true); // day after Thanksgiving (half day)
    expect(isTradingDay('2024-12-24')).toBe(true);
  });

  it('moves Saturday holidays to Friday and Sunday holidays to Monday', () => {
    expect(isTradingDay('2020-07-03')).toBe(false); // July 4 was a Saturday
    expect(isTradingDay('2021-07-05')).toBe(false); // July 4 was a Sunday
    expect(isTradingDay('2022-12-26')).toBe(false); // Christmas on Sunday
    expect(isTradingDay('2021-12-24')).toBe(false); // Christmas on Saturday
    expect(isTradingDay('2023-01-02')).toBe(false); // New Year on Sunday
    expect(isTradingDay('2022-06-20')).toBe(false); // Juneteenth on Sunday
  });

  it('does not close the Friday before a Saturday New Year', () => {
    expect(isTradingDay('2021-12-31')).toBe(true);
    expect(isTradingDay('2010-12-31')).toBe(true);
    expect(nyseHolidays(2022).has('2021-12-31')).toBe(false);
  });

  it('observes Juneteenth only from 2022 and MLK Day from 1998', () => {
    expect(isTradingDay('2021-06-18')).toBe(true);
    expect(isTradingDay('2020-06-19')).toBe(true);
    expect(isTradingDay('2023-06-19')).toBe(false);
    expect(isTradingDay('1999-01-18')).toBe(false);
    expect(isTradingDay('1997-01-20')).toBe(true);
  });

  it('knows the special closures', () => {
    for (const d of [
      '2001-09-11',
      '2001-09-14',
      '2004-06-11',
      '2007-01-02',
      '2012-10-29',
      '2012-10-30',
      '2018-12-05',
      '2025-01-09',
    ]) {
      expect(isTradingDay(d), d).toBe(false);
    }
    expect(isTradingDay('2001-09-17')).toBe(true);
  });

  it('counts the published number of sessions per year', () => {
    const count = (y: number) => tradingDaysBetween(`${y}-01-01`, `${y}-12-31`).length;
    expect(count(1999)).toBe(252);
    expect(count(2001)).toBe(248);
    expect(count(2012)).toBe(250);
    expect(count(2018)).toBe(251);
    expect(count(2022)).toBe(251);
    expect(count(2023)).toBe(250);
    expect(count(2024)).toBe(252);
    expect(count(2025)).toBe(250);
  });

  it('steps to the next and previous trading day across weekends and holidays', () => {
    expect(nextTradingDay('2024-03-28')).toBe('2024-04-01');
    expect(previousTradingDay('2024-04-01')).toBe('2024-03-28');
    expect(previousTradingDay('2023-01-03')).toBe('2022-12-30');
    expect(lastTradingDayBefore('2024-11-30')).toBe('2024-11-29');
    expect(lastTradingDayBefore('2024-12-02')).toBe('2024-11-29');
    expect(lastTradingDayBefore('2024-12-26')).toBe('2024-12-24');
    expect(tradingDaysBetween('1999-01-01', '1999-01-08')).toEqual([
      '1999-01-04',
      '1999-01-05',
      '1999-01-06',
      '1999-01-07',
      '1999-01-08',
    ]);
  });
});
