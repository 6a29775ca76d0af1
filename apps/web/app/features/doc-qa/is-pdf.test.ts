import { describe, expect, it } from 'vitest';
import { looksLikePdf } from './is-pdf';

const bytes = (s: string) => new TextEncoder().encode(s);

describe('looksLikePdf', () => {
  it('accepts the PDF signature, also after a little junk', () => {
    expect(looksLikePdf(bytes('%PDF-1.7\n%âãÏÓ'))).toBe(true);
    expect(looksLikePdf(bytes('\n\n  %PDF-1.4'))).toBe(true);
  });

  it('rejects other files whatever their name', () => {
    expect(looksLikePdf(bytes('Hello, this is a text file.'))).toBe(false);
    expect(looksLikePdf(bytes('%PD'))).toBe(false);
    expect(looksLikePdf(new Uint8Array())).toBe(false);
  });
});
