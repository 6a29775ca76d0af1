import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { characterAccuracy, imagesToPdf, normaliseWhitespace, scannedPageText } from './scanned-pdf';

// A 2×2 grey PNG (what a browser's canvas gives, only smaller).
const PNG = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAAAAABX3VL4AAAADklEQVR4nGO4c+fOnTsAEdAGE1h5RpEAAAAASUVORK5CYII=',
    'base64',
  ),
);

describe('characterAccuracy', () => {
  it('is 1 for the same text laid out differently', () => {
    expect(characterAccuracy('Net income\n\nfell to $97 million.', '  Net income fell to\n$97 million. ')).toBe(1);
  });

  it('counts each wrong, missing or extra character against the length of the truth', () => {
    expect(characterAccuracy('abcdefghij', 'abcdefghiX')).toBeCloseTo(0.9);
    expect(characterAccuracy('abcdefghij', 'abcdefgh')).toBeCloseTo(0.8);
    expect(characterAccuracy('abcdefghij', '')).toBe(0);
    expect(characterAccuracy('', '')).toBe(1);
  });

  it('normalises every kind of whitespace run to one space', () => {
    expect(normaliseWhitespace('\t a \n\n b  c \r\n')).toBe('a b c');
  });
});

describe('scanned pages', () => {
  it('states the text of paragraphs and table rows in reading order', () => {
    expect(
      scannedPageText({
        paragraphs: [
          'Liquidity',
          {
            table: [
              ['', '2022', '2021'],
              ['Inventories', '1,840', '1,620'],
            ],
          },
          'Repaid.',
        ],
      }),
    ).toBe('Liquidity\n\n2022 2021\nInventories 1,840 1,620\n\nRepaid.');
  });

  it('builds a PDF of images only: one page per image, no text layer', async () => {
    const bytes = await imagesToPdf([PNG, PNG]);
    const doc = await getDocument({ data: bytes, isEvalSupported: false }).promise;
    try {
      expect(doc.numPages).toBe(2);
      for (const n of [1, 2]) {
        const page = await doc.getPage(n);
        expect((await page.getTextContent()).items).toEqual([]);
        expect(page.view).toEqual([0, 0, 612, 792]);
      }
    } finally {
      await doc.destroy();
    }
  });
});
