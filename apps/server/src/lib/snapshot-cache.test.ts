import { describe, expect, it } from 'vitest';
import { SnapshotCache } from './snapshot-cache.ts';

/** A build that finishes only when the test says so, counting how often it started. */
function controlledBuilds() {
  const started: Array<{ version: string; resolve: (v: string) => void; reject: (e: Error) => void }> = [];
  const build = (_owner: object, version: string) =>
    new Promise<string>((resolve, reject) => {
      started.push({ version, resolve, reject });
    });
  return { started, build };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('SnapshotCache', () => {
  it('shares one build between concurrent callers of the same version', async () => {
    const { started, build } = controlledBuilds();
    const cache = new SnapshotCache(build);
    const owner = {};
    const calls = [cache.get(owner, '2026-11-20'), cache.get(owner, '2026-11-20'), cache.get(owner, '2026-11-20')];
    expect(started).toHaveLength(1);
    started[0]?.resolve('snapshot A');
    expect(await Promise.all(calls)).toEqual(['snapshot A', 'snapshot A', 'snapshot A']);
    // Held now: later callers get it without a build.
    expect(await cache.get(owner, '2026-11-20')).toBe('snapshot A');
    expect(started).toHaveLength(1);
  });

  it('never lets a slower build of an older version replace a newer snapshot', async () => {
    const { started, build } = controlledBuilds();
    const cache = new SnapshotCache(build);
    const owner = {};
    const older = cache.get(owner, '2026-11-19');
    const newer = cache.get(owner, '2026-11-20');
    expect(started.map((s) => s.version)).toEqual(['2026-11-19', '2026-11-20']);
    started[1]?.resolve('day 20');
    expect(await newer).toBe('day 20');
    started[0]?.resolve('day 19');
    // The late caller of the older day gets the newer snapshot, and the newer one stays.
    expect(await older).toBe('day 20');
    expect(cache.peek(owner)).toEqual({ version: '2026-11-20', value: 'day 20' });
    expect(await cache.get(owner, '2026-11-19')).toBe('day 20');
    expect(started).toHaveLength(2);
  });

  it('builds a newer version when one is asked for, replacing the older snapshot', async () => {
    const { started, build } = controlledBuilds();
    const cache = new SnapshotCache(build);
    const owner = {};
    const first = cache.get(owner, '2026-11-19');
    started[0]?.resolve('day 19');
    await first;
    const second = cache.get(owner, '2026-11-20');
    started[1]?.resolve('day 20');
    expect(await second).toBe('day 20');
    expect(cache.peek(owner)?.version).toBe('2026-11-20');
  });

  it('retries a failed build on the next call instead of remembering the failure', async () => {
    const { started, build } = controlledBuilds();
    const cache = new SnapshotCache(build);
    const owner = {};
    const failing = cache.get(owner, '2026-11-20');
    const alsoFailing = cache.get(owner, '2026-11-20');
    started[0]?.reject(new Error('database went away'));
    await expect(failing).rejects.toThrow('database went away');
    await expect(alsoFailing).rejects.toThrow('database went away');
    await tick();
    expect(cache.peek(owner)).toBeUndefined();
    const retry = cache.get(owner, '2026-11-20');
    expect(started).toHaveLength(2);
    started[1]?.resolve('rebuilt');
    expect(await retry).toBe('rebuilt');
  });

  it('rebuilds a held version on refresh and keeps owners apart', async () => {
    const { started, build } = controlledBuilds();
    const cache = new SnapshotCache(build);
    const a = {};
    const b = {};
    const first = cache.get(a, '2026-11-20');
    started[0]?.resolve('a1');
    await first;
    const refreshed = cache.refresh(a, '2026-11-20');
    started[1]?.resolve('a2');
    expect(await refreshed).toBe('a2');
    expect(await cache.get(a, '2026-11-20')).toBe('a2');
    const other = cache.get(b, '2026-11-20');
    expect(started).toHaveLength(3);
    started[2]?.resolve('b1');
    expect(await other).toBe('b1');
  });
});
