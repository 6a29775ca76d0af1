// Server-rendered pages at 50 connections (the target: p99 < 50 ms, >= 0.25x health),
// over the companies and screener benchmarks' data. Skipped without a web build.
import type { Benchmark } from '../bench.ts';

export const benchmark: Benchmark = {
  name: 'pages',
  async seed() {},
  paths: [
    { label: 'home page', path: '/', connections: 50 },
    { label: 'screener page', path: '/screener', connections: 50 },
    { label: 'company metric page', path: '/companies/info/t5/stock-price', connections: 50 },
  ],
};
