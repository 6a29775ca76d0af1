// Each request prices all 20 open picks at their last close; a buy writes under the points lock.
import type { Db } from '@app/db/client';
import { type CompanySeed, seedCompanies, seedMember } from '@app/server/testing';
import type { Benchmark } from '../bench.ts';

const DAYS = ['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20'];
const COMPANIES: CompanySeed[] = Array.from({ length: 20 }, (_, i) => ({
  ticker: `SIM${String.fromCharCode(65 + i)}`,
  name: `Simulated Company ${i + 1}`,
  closes: DAYS.map((date, d) => ({ date, close: 20 + i + d * 0.25 })),
}));

const MEMBER = { id: 900_001, email: 'bench@example.com' };

export const benchmark: Benchmark = {
  name: 'simulator',
  async seed(db: Db) {
    await seedCompanies(db, COMPANIES);
    // A token is honoured only for an account that exists.
    await seedMember(db, { id: MEMBER.id, username: 'bench_member', email: MEMBER.email });
  },
  paths: [],
  async requests(app) {
    const token = await app.tokens.sign({ id: String(MEMBER.id), email: MEMBER.email });
    const headers = { authorization: `Bearer ${token}` };
    for (const [i, c] of COMPANIES.entries()) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/contest/pick/add',
        headers,
        payload: { ticker: c.ticker, lpoints: 1000, asell_above: i < 5 ? 50 : 0, asell_below: i < 5 ? 50 : 0 },
      });
      if (res.statusCode !== 200) throw new Error(`bench seed buy failed: ${res.body}`);
    }
    return [
      { label: 'portfolio (20 picks, 5 triggers)', path: '/api/contest/pickslist', headers },
      {
        label: 'buy 0.01 points',
        path: '/api/contest/pick/add',
        method: 'POST',
        headers,
        body: { ticker: 'SIMA', lpoints: 0.01, asell_above: 0, asell_below: 0 },
      },
    ];
  },
};
