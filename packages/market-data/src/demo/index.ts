// Configuration lives in @app/market-data/config; the data benchmark calls the builder directly.
export { buildDemoUniverse, type DemoBuildOptions, type DemoBuildSummary } from './build.ts';
export { type EnsureResult, ensureDemoUniverse } from './ensure.ts';
