import { createDb } from '@app/db/client';
import { createTestDb } from '@app/db/testing';
import { describe, expect, it } from 'vitest';
import { dayRows } from './screen.day.ts';
import { SCREEN_DAY, SCREEN_LATER_DAY, seedScreenUniverse } from './screen.fixtures.ts';

describe('a day’s rows on SQLite', () => {
  it('are the same whether the year was read and read ahead before or not', async () => {
    const handle = await createTestDb('sqlite');
    // A second connection to the same file: nothing kept from the first.
    const fresh = createDb({ engine: 'sqlite', filename: handle.sqlite?.name as string });
    try {
      await seedScreenUniverse(handle.db);
      // The later day first: ALFA's quarter filed on 20 June is visible then, not on the day asked next.
      const later = await dayRows(handle.db, SCREEN_LATER_DAY, SCREEN_LATER_DAY);
      // Let the reading ahead of the year finish (slices between turns of the event loop).
      await new Promise((resolve) => setTimeout(resolve, 200));
      const earlier = await dayRows(handle.db, SCREEN_LATER_DAY, SCREEN_DAY);
      // Nothing kept and nothing read ahead there: each reading worked out for the day asked.
      expect(earlier).toEqual(await dayRows(fresh.db, SCREEN_LATER_DAY, SCREEN_DAY, undefined, { readAhead: false }));
      expect(await dayRows(handle.db, SCREEN_LATER_DAY, SCREEN_LATER_DAY)).toEqual(later);
      // The late quarter changes ALFA's figures between the two days.
      const alfa = (rows: typeof later) => rows.find((r) => r.ticker === 'ALFA')?.values.pe;
      expect(alfa(earlier)).not.toBeNull();
      expect(alfa(earlier)).not.toEqual(alfa(later));
    } finally {
      await fresh.close();
      await handle.close();
    }
  });
});
