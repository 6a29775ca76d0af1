import { describe, expect, it } from 'vitest';
import { Progress } from './progress.ts';

describe('Progress', () => {
  it('writes a plain line at most every interval without a terminal, and always at the end', () => {
    const lines: string[] = [];
    let t = 0;
    const p = new Progress(
      'prices',
      { isTTY: false, write: (s) => lines.push(s) },
      { logEveryMs: 1_000, now: () => t },
    );
    p.start(4);
    t = 1_000;
    p.tick();
    t = 1_500;
    p.tick();
    t = 2_000;
    p.tick();
    p.tick();
    p.done();
    expect(lines[0]).toBe('prices: starting (4 items)\n');
    expect(lines[1]).toMatch(/^prices: {2}25% 1\/4 elapsed .*ETA/);
    expect(lines[2]).toMatch(/^prices: {2}75% 3\/4 /);
    expect(lines[3]).toMatch(/^prices: 100% 4\/4 /);
    expect(lines[4]).toBe('prices: done, 4 items in 2s\n');
    expect(lines).toHaveLength(5);
  });
  it('redraws one bar with an ETA on a terminal', () => {
    const bar: string[] = [];
    let t = 0;
    const p = new Progress('x', { isTTY: true, write: (s) => bar.push(s) }, { now: () => t }).start(2);
    t = 500;
    p.tick();
    expect(bar[0]).toMatch(/^\rx █+░+ +50% 1\/2 .*ETA/);
  });
  it('stays silent for an empty job', () => {
    const lines: string[] = [];
    const p = new Progress('x', { isTTY: false, write: (s) => lines.push(s) }).start(0);
    p.tick();
    p.done();
    expect(lines).toEqual([]);
  });
});
