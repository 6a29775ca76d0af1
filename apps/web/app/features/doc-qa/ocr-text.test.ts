import { describe, expect, it } from 'vitest';
import { tidyOcrText } from './ocr-text';

describe('tidyOcrText', () => {
  it('keeps lines and one blank line between paragraphs, drops trailing spaces and blank runs', () => {
    expect(tidyOcrText('Leadership  \n\n\n\nChief financial officer\nPriya Natarajan   \n\n')).toBe(
      'Leadership\n\nChief financial officer\nPriya Natarajan',
    );
  });

  it('keeps the leading spaces that place table columns', () => {
    expect(tidyOcrText('\n      2022   2021\nTotal   $ 23,601   $ 21,920\n')).toBe(
      '      2022   2021\nTotal   $ 23,601   $ 21,920',
    );
  });

  it('gives an empty string for a page with nothing on it', () => {
    expect(tidyOcrText(' \n \n')).toBe('');
  });
});
