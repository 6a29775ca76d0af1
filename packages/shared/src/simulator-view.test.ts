import { describe, expect, it } from 'vitest';
import { orderFillSentence } from './simulator-view.ts';

describe('the sentence under a pending order', () => {
  it('says plainly when a market order fills', () => {
    expect(
      orderFillSentence({
        side: 'buy',
        kind: 'market',
        fills_after: '2026-11-25',
        limit_price: null,
        good_until: null,
      }),
    ).toBe(
      "Fills at the first close after Wed, 25 Nov 2026 (the next trading day's closing price), once the daily update brings it.",
    );
  });

  it('names the limit, its direction and how long it is good', () => {
    expect(
      orderFillSentence({ side: 'buy', kind: 'limit', fills_after: '2026-11-25', limit_price: 9.5, good_until: null }),
    ).toBe(
      'Fills at the first close after Wed, 25 Nov 2026 that is at or below $9.50, at that close; good until you cancel it.',
    );
    expect(
      orderFillSentence({
        side: 'sell',
        kind: 'limit',
        fills_after: '2026-11-25',
        limit_price: 120,
        good_until: '2026-12-31',
      }),
    ).toContain('at or above $120.00, at that close; good until the close of Thu, 31 Dec 2026.');
  });
});
