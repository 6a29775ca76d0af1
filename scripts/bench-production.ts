// Imported first by scripts/bench.ts: the benchmarks time the site as a deployment runs it, with
// NODE_ENV=production (README), which React reads once, when it is first imported, to choose its
// production build. Without it every page would be rendered by React's development build, two to
// three times slower.
process.env.NODE_ENV = 'production';
