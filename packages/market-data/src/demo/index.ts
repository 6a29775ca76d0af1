// The demo universe as other packages use it (its configuration is @app/market-data/config): the start-up check that builds
// it when the database is empty, and the builder itself (the data benchmark calls it directly).
export { buildDemoUniverse, type DemoBuildOptions, type DemoBuildSummary } from './build.ts';
export { type EnsureResult, ensureDemoUniverse } from './ensure.ts';
