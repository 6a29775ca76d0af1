// Imported first by scripts/bench.ts: React picks its build from NODE_ENV when first imported, and the
// development build renders pages two to three times slower than a deployment.
process.env.NODE_ENV = 'production';
