// Pages at 50 connections (target p99 < 50 ms, >= 0.25x health) and an uncached first view, one visitor
// at a time. Skipped without a web build.
import type { Benchmark } from '../bench.ts';

export const benchmark: Benchmark = {
  name: 'pages',
  async seed() {},
  paths: [
    { label: 'home page', path: '/', connections: 50 },
    { label: 'screener page', path: '/screener', connections: 50 },
    { label: 'company metric page', path: '/companies/info/t5/stock-price', connections: 50 },
    // Any cookie but the theme keeps a page out of the page cache: rendered on every request.
    {
      label: 'company metric page, uncached',
      path: '/companies/info/t5/stock-price',
      headers: { cookie: 'bench=uncached' },
      connections: 1,
    },
  ],
};
