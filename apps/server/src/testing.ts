// What the browser journeys and the benchmarks use of the server: the seeding fixtures of its
// modules (a new module's fixtures get a line here) and the token service that signs a member in.
export { createTokenService, type TokenUser } from './lib/tokens.ts';
export { type AlertSeed, runAlertsDay, seedAlerts } from './modules/alerts/alerts.fixtures.ts';
export { filingRow, type SeedCompany, seedCompany, weekdays } from './modules/companies/companies.fixtures.ts';
export {
  RANKINGS_DATA_DATE,
  RANKINGS_UNIVERSE,
  type RankingSeed,
  rankingFillers,
  seedRankings,
} from './modules/rankings/rankings.fixtures.ts';
export {
  SCREEN_2008_DAY,
  SCREEN_DAY,
  SCREEN_LATER_DAY,
  seedScreenUniverse,
} from './modules/screener/screen.fixtures.ts';
export { DATA_DATE, type QuoteSeed, seedQuotes, TEST_UNIVERSE } from './modules/screener/screener.fixtures.ts';
export {
  appendClose,
  type CompanySeed,
  holdPick,
  seedCompanies,
  seedPendingOrders,
} from './modules/simulator/simulator.fixtures.ts';
export { fillPendingOrders } from './modules/simulator/simulator.orders.ts';
export { seedMember } from './modules/users/users.fixtures.ts';
export {
  freePort,
  listening,
  type PrivatePostgres,
  type PrivateRedis,
  startPrivatePostgres,
  startPrivateRedis,
} from './private-services.ts';
