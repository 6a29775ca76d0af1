import { createWriteStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { inflateRawSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { ZipFile } from 'yazl';
import { ZipReader } from './zip.ts';

const dir = mkdtempSync(join(tmpdir(), 'zip-reader-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const text = (n: number) => JSON.stringify({ cik: n, words: 'filing '.repeat(200 + n) });

async function build(path: string, entries: [string, string, boolean][]) {
  const zip = new ZipFile();
  for (const [name, body, compress] of entries) zip.addBuffer(Buffer.from(body), name, { compress });
  zip.end();
  await pipeline(zip.outputStream, createWriteStream(path));
}

async function readAll(reader: ZipReader) {
  const out: { name: string; body?: string; error?: string }[] = [];
  for await (const entry of reader.entries()) {
    try {
      out.push({ name: entry.fileName, body: (await reader.read(entry)).toString('utf8') });
    } catch (err) {
      out.push({ name: entry.fileName, error: (err as Error).message });
    }
  }
  reader.close();
  return out;
}

describe('ZipReader', () => {
  it('reads stored and deflated entries in order, one at a time', async () => {
    const path = join(dir, 'ok.zip');
    await build(path, [
      ['CIK0000000001.json', text(1), true],
      ['CIK0000000002.json', text(2), false],
      ['CIK0000000003.json', '', true],
    ]);
    const reader = await ZipReader.open(path);
    expect(reader.entryCount).toBe(3);
    expect(await readAll(reader)).toEqual([
      { name: 'CIK0000000001.json', body: text(1) },
      { name: 'CIK0000000002.json', body: text(2) },
      { name: 'CIK0000000003.json', body: '' },
    ]);
  });

  it('names a damaged entry and still reads the others', async () => {
    const path = join(dir, 'damaged.zip');
    await build(path, [
      ['CIK0000000001.json', text(1), true],
      ['CIK0000000002.json', text(2), true],
    ]);
    const bytes = readFileSync(path);
    // The first entry's deflated data starts after its 30-byte local header and its name.
    const data = 30 + bytes.readUInt16LE(26) + bytes.readUInt16LE(28);
    bytes.fill(0xff, data, data + 40);
    writeFileSync(path, bytes);
    const [first, second] = await readAll(await ZipReader.open(path));
    expect(first?.name).toBe('CIK0000000001.json');
    expect(first?.error).toMatch(/^CIK0000000001\.json: /);
    expect(second).toEqual({ name: 'CIK0000000002.json', body: text(2) });
  });

  it('rejects a stored entry whose bytes were altered (same size) by its CRC-32, naming it', async () => {
    const path = join(dir, 'altered-stored.zip');
    await build(path, [
      ['CIK0000000001.json', text(1), false],
      ['CIK0000000002.json', text(2), false],
    ]);
    const bytes = readFileSync(path);
    const data = 30 + bytes.readUInt16LE(26) + bytes.readUInt16LE(28);
    // '"cik":1' becomes '"cik":7': still valid JSON of the same length, only the checksum differs.
    const at = bytes.indexOf('"cik":1', data) + 6;
    bytes[at] = '7'.charCodeAt(0);
    writeFileSync(path, bytes);
    const [first, second] = await readAll(await ZipReader.open(path));
    expect(first).toEqual({
      name: 'CIK0000000001.json',
      error: expect.stringMatching(
        /^CIK0000000001\.json: corrupt entry, CRC-32 [0-9a-f]{8} does not match the directory's [0-9a-f]{8}$/,
      ),
    });
    expect(second).toEqual({ name: 'CIK0000000002.json', body: text(2) });
  });

  it('rejects a deflated entry that still inflates to the stated size after its bytes were altered', async () => {
    const path = join(dir, 'altered-deflated.zip');
    await build(path, [['CIK0000000001.json', text(1), true]]);
    const bytes = readFileSync(path);
    const data = 30 + bytes.readUInt16LE(26) + bytes.readUInt16LE(28);
    const compressed = bytes.readUInt32LE(18); // yazl states the sizes in the local header of a buffer entry
    const original = text(1).length;
    // The first single-bit change that inflate still accepts with the same output length: the
    // case neither the inflater nor the size check can see.
    let altered = -1;
    for (let i = data + 2; i < data + 60 && altered < 0; i++) {
      bytes[i] = (bytes[i] as number) ^ 1;
      try {
        const out = inflateRawSync(bytes.subarray(data, data + compressed));
        if (out.length === original && out.toString('utf8') !== text(1)) altered = i;
      } catch {}
      if (altered < 0) bytes[i] = (bytes[i] as number) ^ 1;
    }
    expect(altered).toBeGreaterThan(0);
    writeFileSync(path, bytes);
    const [first] = await readAll(await ZipReader.open(path));
    expect(first?.error).toMatch(/^CIK0000000001\.json: corrupt entry, CRC-32 /);
  });

  it('refuses a truncated archive before reading any entry', async () => {
    const whole = join(dir, 'whole.zip');
    await build(whole, [['CIK0000000001.json', text(1), true]]);
    const cut = join(dir, 'cut.zip');
    const bytes = readFileSync(whole);
    writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length * 0.8)));
    await expect(ZipReader.open(cut)).rejects.toThrow(/cut\.zip is not a complete zip file .*download it again/);
  });
});
