import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from './security.ts';

describe('content security policy', () => {
  it('allows nothing from Google unless Google sign-in is configured', () => {
    expect(contentSecurityPolicy('n')).not.toContain('google');
    expect(contentSecurityPolicy('n')).toContain("style-src 'self' 'unsafe-inline';");
  });
  it('lets WebAssembly compile (the OCR engine) but never JavaScript eval', () => {
    const csp = contentSecurityPolicy('n');
    expect(csp).toContain("script-src 'self' 'nonce-n' 'strict-dynamic' 'wasm-unsafe-eval';");
    expect(csp).not.toContain("'unsafe-eval'");
    expect(csp).toContain("worker-src 'self' blob:;");
  });
  it("allows exactly Google's sign-in script, styles, calls and frame when configured", () => {
    const csp = contentSecurityPolicy('n', true);
    expect(csp).toContain(
      "script-src 'self' 'nonce-n' 'strict-dynamic' 'wasm-unsafe-eval' https://accounts.google.com/gsi/client;",
    );
    expect(csp).toContain("style-src 'self' 'unsafe-inline' https://accounts.google.com/gsi/style;");
    expect(csp).toContain("connect-src 'self' https://accounts.google.com/gsi/;");
    expect(csp).toContain('frame-src https://accounts.google.com/gsi/;');
  });
});
