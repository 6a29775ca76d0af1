import { describe, expect, it } from 'vitest';
import { keptLoad, RecentMap } from './recent-map.ts';

describe('RecentMap', () => {
  it('keeps the entries used last, reading counting as use', () => {
    const map = new RecentMap<string, number>(2);
    map.set('a', 1);
    map.set('b', 2);
    expect(map.get('a')).toBe(1);
    map.set('c', 3);
    expect(map.get('b')).toBeUndefined();
    expect([map.get('a'), map.get('c'), map.size]).toEqual([1, 3, 2]);
  });

  it('builds an entry once, and drops a failed load but not the one that replaced it', async () => {
    const map = new RecentMap<string, Promise<number>>(5);
    let loads = 0;
    const ok = () => keptLoad(map, 'k', async () => ++loads);
    expect(await ok()).toBe(1);
    expect(await ok()).toBe(1);
    const failing = keptLoad(map, 'f', () => Promise.reject(new Error('down')));
    await expect(failing).rejects.toThrow('down');
    expect(map.get('f')).toBeUndefined();
    const replaced = Promise.resolve(7);
    map.set('k', replaced);
    map.deleteIf('k', Promise.resolve(1));
    expect(map.get('k')).toBe(replaced);
  });
});
