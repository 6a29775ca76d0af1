import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DataNotice } from './data-notice';

describe('DataNotice', () => {
  it('labels demo data prominently', () => {
    const html = renderToStaticMarkup(<DataNotice meta={{ source: 'demo', dataDate: '2026-11-20' }} />);
    expect(html).toContain('Demo data:');
    expect(html).toContain('through 2026-11-20');
  });
  it('shows a quiet line on real data', () => {
    const html = renderToStaticMarkup(<DataNotice meta={{ source: 'real', dataDate: '2026-11-20' }} />);
    expect(html).toContain('Real data through 2026-11-20');
    expect(html).not.toContain('Demo');
  });
  it('shows nothing without data or when the look-up failed', () => {
    expect(renderToStaticMarkup(<DataNotice meta={{ source: 'none', dataDate: null }} />)).toBe('');
    expect(renderToStaticMarkup(<DataNotice meta={null} />)).toBe('');
  });
});
