import { readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ocrAssetFiles } from '../../../vite-plugins/ocr-assets.ts';
import { OCR_ASSET_DIR, OCR_CORE_FILES, OCR_LANG_FILE, OCR_VERSIONS, OCR_WORKER_FILE } from './ocr-assets';

describe('OCR assets', () => {
  const files = ocrAssetFiles();

  it('come from the installed packages, all of them, none empty', () => {
    expect([...files.keys()].sort()).toEqual([OCR_WORKER_FILE, ...OCR_CORE_FILES, OCR_LANG_FILE].sort());
    for (const path of files.values()) expect(statSync(path).size).toBeGreaterThan(100_000);
  });

  it('ship the English model gzipped, as tesseract.js fetches it', () => {
    const head = readFileSync(files.get(OCR_LANG_FILE) ?? '').subarray(0, 2);
    expect([...head]).toEqual([0x1f, 0x8b]);
  });

  it('name the package versions in the folder, so a cached file never outlives an upgrade', () => {
    for (const version of new Set(Object.values(OCR_VERSIONS))) expect(OCR_ASSET_DIR).toContain(version);
  });

  it('keep `.worker` in the worker file name: the server keeps the CSP on workers only', () => {
    expect(OCR_WORKER_FILE).toMatch(/\.worker\./);
  });
});
