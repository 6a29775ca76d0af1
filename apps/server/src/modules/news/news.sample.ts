import type { NewsItem } from '@app/shared/news';

/**
 * The bundled sample articles (SPEC §1: "fixed sample articles"). Written for this site: the
 * companies, people and figures in them are invented, and the page and API label them as
 * sample content. A real feed replaces them behind `NewsSource` (news.service.ts).
 */
export const SAMPLE_NEWS: readonly NewsItem[] = [
  {
    id: 'sample-01',
    title: 'Chipmaker beats quarterly estimates as data-centre orders double',
    summary:
      'A mid-sized semiconductor designer reported revenue 18% above analyst estimates, led by accelerator boards for data centres, and raised its full-year outlook while warning that supply of advanced packaging stays tight.',
    author: 'Maya Hollis',
    date: '2026-11-20',
    category: 'Earnings',
    readTime: 4,
    impact: 'high',
  },
  {
    id: 'sample-02',
    title: 'Central bank holds rates steady and signals patience into next year',
    summary:
      'Policymakers left the benchmark rate unchanged for a third meeting, saying inflation is easing more slowly than hoped. Two members voted for a cut; bond yields fell slightly after the statement.',
    author: 'Daniel Okafor',
    date: '2026-11-19',
    category: 'Policy',
    readTime: 5,
    impact: 'high',
  },
  {
    id: 'sample-03',
    title: 'Crude slips below $70 as inventories build for a second week',
    summary:
      'Oil prices fell about 2% after weekly figures showed a larger-than-expected rise in commercial crude stocks. Refiners are running below capacity for seasonal maintenance, leaving more barrels in storage.',
    author: 'Priya Raman',
    date: '2026-11-19',
    category: 'Energy',
    readTime: 3,
    impact: 'medium',
  },
  {
    id: 'sample-04',
    title: 'Small caps lead a broad rally as volatility gauge drops',
    summary:
      'Shares of smaller companies outpaced large caps for a fourth session, and the market volatility index fell to its lowest level in three months as trading volume returned to its yearly average.',
    author: 'Tom Reyes',
    date: '2026-11-18',
    category: 'Markets',
    readTime: 3,
    impact: 'medium',
  },
  {
    id: 'sample-05',
    title: 'Bitcoin swings 8% in a day as exchange outflows rise',
    summary:
      'The largest cryptocurrency touched a two-week high before giving back most of the gain. Analysts pointed to coins moving off exchanges into long-term storage and to thin weekend liquidity.',
    author: 'Lena Fischer',
    date: '2026-11-18',
    category: 'Crypto',
    readTime: 4,
    impact: 'medium',
  },
  {
    id: 'sample-06',
    title: 'Regional airlines order 120 narrow-body jets in shared deal',
    summary:
      'Three regional carriers placed a joint order to replace ageing fleets, the industry’s largest single order this year. Deliveries start in 2028; the planemaker’s backlog now covers nine years of output.',
    author: 'Samuel Ortiz',
    date: '2026-11-17',
    category: 'Industry',
    readTime: 5,
    impact: 'low',
  },
  {
    id: 'sample-07',
    title: 'Retailer’s holiday guidance disappoints despite record online sales',
    summary:
      'A national department-store chain grew online sales 22% but cut its holiday-quarter forecast, citing heavier discounting and higher shipping costs. Its shares fell 9% in after-hours trading.',
    author: 'Maya Hollis',
    date: '2026-11-17',
    category: 'Earnings',
    readTime: 4,
    impact: 'medium',
  },
  {
    id: 'sample-08',
    title: 'Regulators propose clearer disclosure of climate risks in annual reports',
    summary:
      'A draft rule would ask listed companies to describe material climate risks and the assumptions behind them in their annual filings. The public comment period runs for 60 days.',
    author: 'Grace Whitfield',
    date: '2026-11-16',
    category: 'Policy',
    readTime: 6,
    impact: 'medium',
  },
  {
    id: 'sample-09',
    title: 'Utility-scale solar installations reach a quarterly record',
    summary:
      'Developers connected more solar capacity to the grid last quarter than in any quarter before, helped by lower panel prices. Grid connection queues remain the main bottleneck for new projects.',
    author: 'Priya Raman',
    date: '2026-11-14',
    category: 'Energy',
    readTime: 4,
    impact: 'low',
  },
  {
    id: 'sample-10',
    title: 'Stablecoin issuer publishes first full independent audit',
    summary:
      'One of the larger dollar-backed stablecoin issuers released an audit showing reserves held in short-term Treasury bills and bank deposits. Critics noted the audit covers a single day.',
    author: 'Lena Fischer',
    date: '2026-11-14',
    category: 'Crypto',
    readTime: 5,
    impact: 'low',
  },
  {
    id: 'sample-11',
    title: 'Treasury yields climb after stronger-than-expected jobs report',
    summary:
      'Employers added more jobs than forecast last month and wage growth held at 4%. The two-year yield rose the most in a month as traders pushed back expected rate cuts.',
    author: 'Daniel Okafor',
    date: '2026-11-13',
    category: 'Markets',
    readTime: 4,
    impact: 'high',
  },
  {
    id: 'sample-12',
    title: 'Pharmaceutical maker’s profit falls on patent expiry of best-selling drug',
    summary:
      'Quarterly net income dropped 31% as generic competition arrived for the company’s top cholesterol treatment. Management reaffirmed a return to growth in two years as newer medicines ramp up.',
    author: 'Hannah Cole',
    date: '2026-11-12',
    category: 'Earnings',
    readTime: 5,
    impact: 'medium',
  },
  {
    id: 'sample-13',
    title: 'Steelmakers idle furnaces as construction demand cools',
    summary:
      'Two domestic steel producers said they would temporarily shut blast furnaces after orders from builders slowed. Prices of hot-rolled coil are down 12% since the summer.',
    author: 'Samuel Ortiz',
    date: '2026-11-12',
    category: 'Industry',
    readTime: 3,
    impact: 'medium',
  },
  {
    id: 'sample-14',
    title: 'Lawmakers advance bill to tighten rules on trading by officials',
    summary:
      'A committee approved a bill that would require senior officials to hold broad funds or blind trusts instead of individual stocks. It still needs votes in both chambers.',
    author: 'Grace Whitfield',
    date: '2026-11-11',
    category: 'Policy',
    readTime: 4,
    impact: 'low',
  },
  {
    id: 'sample-15',
    title: 'Natural gas jumps 11% on early cold-weather forecasts',
    summary:
      'Futures rose sharply as forecasters predicted a colder-than-normal start to winter across the Midwest and Northeast. Storage levels are slightly above the five-year average.',
    author: 'Priya Raman',
    date: '2026-11-10',
    category: 'Energy',
    readTime: 3,
    impact: 'high',
  },
  {
    id: 'sample-16',
    title: 'Index rebalancing brings record closing-auction volume',
    summary:
      'A quarterly rebalance of widely tracked indexes moved an estimated $90 billion of stock in the final minutes of trading, setting a record for closing-auction volume.',
    author: 'Tom Reyes',
    date: '2026-11-07',
    category: 'Markets',
    readTime: 3,
    impact: 'low',
  },
  {
    id: 'sample-17',
    title: 'Crypto exchange halts withdrawals for six hours after wallet fault',
    summary:
      'A mid-sized exchange paused withdrawals after a software fault in a hot wallet and said customer funds were safe. Trading continued; withdrawals resumed after an external review.',
    author: 'Lena Fischer',
    date: '2026-11-06',
    category: 'Crypto',
    readTime: 4,
    impact: 'high',
  },
  {
    id: 'sample-18',
    title: 'Cloud software firm raises outlook as customers add seats',
    summary:
      'A business-software provider lifted its annual revenue forecast after large customers expanded contracts. Operating margin reached a record 24%, and the company announced a buyback.',
    author: 'Hannah Cole',
    date: '2026-11-05',
    category: 'Earnings',
    readTime: 4,
    impact: 'low',
  },
  {
    id: 'sample-19',
    title: 'Automakers shift battery plans toward lower-cost chemistries',
    summary:
      'Several carmakers said new entry-level electric models will use iron-phosphate batteries, trading some range for lower cost and longer life. Suppliers are converting two plants.',
    author: 'Samuel Ortiz',
    date: '2026-11-04',
    category: 'Industry',
    readTime: 6,
    impact: 'medium',
  },
  {
    id: 'sample-20',
    title: 'Trade talks extend tariff pause on consumer electronics',
    summary:
      'Negotiators agreed to extend a pause on planned tariffs on phones, laptops and game consoles for another six months while talks continue. Retail stocks rose on the news.',
    author: 'Grace Whitfield',
    date: '2026-11-03',
    category: 'Policy',
    readTime: 5,
    impact: 'high',
  },
  {
    id: 'sample-21',
    title: 'Pipeline operator completes expansion a quarter ahead of plan',
    summary:
      'A midstream company finished a compressor and pipeline expansion that adds capacity for one billion cubic feet of gas a day, and said the project came in under budget.',
    author: 'Priya Raman',
    date: '2026-10-30',
    category: 'Energy',
    readTime: 3,
    impact: 'low',
  },
  {
    id: 'sample-22',
    title: 'Bank earnings show loan growth slowing as deposits stabilise',
    summary:
      'Large lenders reported flat loan books and steady deposits. Net interest income fell slightly from a year earlier, while trading revenue beat estimates on busy bond markets.',
    author: 'Maya Hollis',
    date: '2026-10-28',
    category: 'Earnings',
    readTime: 5,
    impact: 'high',
  },
  {
    id: 'sample-23',
    title: 'Dollar weakens to a five-month low against major currencies',
    summary:
      'The dollar index fell for a sixth straight day as traders priced in slower growth. Exporters and companies with large overseas sales led the gains in the stock market.',
    author: 'Tom Reyes',
    date: '2026-10-27',
    category: 'Markets',
    readTime: 3,
    impact: 'medium',
  },
  {
    id: 'sample-24',
    title: 'Tokenised Treasury funds pass $5 billion in assets',
    summary:
      'Funds that hold short-term government bonds and issue blockchain tokens for their shares grew quickly this year, as crypto firms look for a yield-bearing place to park cash.',
    author: 'Lena Fischer',
    date: '2026-10-24',
    category: 'Crypto',
    readTime: 4,
    impact: 'low',
  },
  {
    id: 'sample-25',
    title: 'Freight railroads report fewer delays after a year of hiring',
    summary:
      'Trains ran closer to schedule for a third quarter as crews returned to pre-pandemic levels. Shippers say service is better, though container volumes are still below last year.',
    author: 'Samuel Ortiz',
    date: '2026-10-22',
    category: 'Industry',
    readTime: 4,
    impact: 'low',
  },
  {
    id: 'sample-26',
    title: 'Securities regulator finalises shorter settlement for fund trades',
    summary:
      'Mutual fund and exchange-traded fund trades will settle one business day after the trade, matching stocks. Brokers have until next autumn to update their systems.',
    author: 'Grace Whitfield',
    date: '2026-10-20',
    category: 'Policy',
    readTime: 5,
    impact: 'medium',
  },
  {
    id: 'sample-27',
    title: 'Stocks post their worst week since spring as tech sells off',
    summary:
      'The broad market fell 3.4% over the week, led by large technology shares after two disappointing forecasts. Defensive sectors such as utilities and consumer staples ended higher.',
    author: 'Daniel Okafor',
    date: '2026-10-17',
    category: 'Markets',
    readTime: 4,
    impact: 'high',
  },
  {
    id: 'sample-28',
    title: 'Offshore wind project wins approval after three-year review',
    summary:
      'Regulators approved an 800-megawatt offshore wind farm, enough for about 300,000 homes. The developer expects to start construction next year once turbine contracts are signed.',
    author: 'Priya Raman',
    date: '2026-10-15',
    category: 'Energy',
    readTime: 5,
    impact: 'medium',
  },
  {
    id: 'sample-29',
    title: 'Semiconductor equipment orders rebound on new factory plans',
    summary:
      'Makers of chip-fabrication tools reported a jump in bookings as two foundries confirmed new plants. Lead times for the most advanced lithography systems now exceed a year.',
    author: 'Hannah Cole',
    date: '2026-10-13',
    category: 'Industry',
    readTime: 5,
    impact: 'high',
  },
  {
    id: 'sample-30',
    title: 'Crypto miners sell more coins to cover higher power bills',
    summary:
      'Publicly listed mining companies sold a larger share of the coins they produced last month, as electricity prices rose and network difficulty hit a record.',
    author: 'Lena Fischer',
    date: '2026-10-09',
    category: 'Crypto',
    readTime: 3,
    impact: 'medium',
  },
];
