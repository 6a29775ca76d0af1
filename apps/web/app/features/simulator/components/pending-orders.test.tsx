import type { Order } from '@app/shared/simulator';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PendingOrders } from './pending-orders';
import { ValuationChart } from './valuation-chart';

const ORDER: Order = {
  orderid: 7,
  side: 'buy',
  kind: 'limit',
  ticker: 'ACME',
  comp_name: 'Acme Widgets Inc',
  lpoints: 1500,
  pickid: null,
  limit_price: 9.5,
  good_until: null,
  asell_above: 0,
  asell_below: 0,
  fills_after: '2026-11-25',
  placed_at: '2026-11-25T22:00:00.000Z',
  status: 'pending',
  fill_price: null,
  fill_date: null,
};

describe('the pending orders section', () => {
  it('says when each order fills, what it holds, and offers a named cancel button', () => {
    const html = renderToStaticMarkup(<PendingOrders orders={[ORDER]} busy={false} onCancel={() => {}} />);
    expect(html).toContain('Pending Orders');
    expect(html).toContain('Fills at the first close after Wed, 25 Nov 2026 that is at or below $9.50');
    expect(html).toContain('1,500.00 points');
    expect(html).toContain('reserved');
    expect(html).toContain('aria-label="Cancel the buy order for ACME"');
  });

  it('explains the section when nothing waits', () => {
    expect(renderToStaticMarkup(<PendingOrders orders={[]} busy={false} onCancel={() => {}} />)).toContain(
      'No pending orders',
    );
  });
});

describe('the valuation chart', () => {
  it('draws the portfolio and the market index, and describes both in words', () => {
    const html = renderToStaticMarkup(
      <ValuationChart
        data={{
          index_name: 'StockGurus Market Index',
          points: [
            { date: '2026-11-23', value: 100_000, market: 100_000 },
            { date: '2026-11-24', value: 101_000, market: 100_500 },
          ],
        }}
      />,
    );
    expect(html.match(/<polyline/g)).toHaveLength(2);
    expect(html).toContain('Your portfolio: <span class="font-semibold tabular-nums">101,000.00</span>');
    expect(html).toContain('aria-label="Portfolio value from 100,000.00 to 101,000.00 points');
  });

  it('waits for two closes before drawing a line', () => {
    const html = renderToStaticMarkup(
      <ValuationChart data={{ index_name: 'X', points: [{ date: '2026-11-23', value: 1, market: 1 }] }} />,
    );
    expect(html).not.toContain('<svg');
  });
});
