import { describe, expect, it } from 'vitest';
import nextConfig from '@/next.config';
import { frameHeadersFor, UPLOAD_CSP } from './frame-headers';

// Next keeps the first Content-Security-Policy set on a response (next.config.ts, server.ts) and drops a route's
// own, so the uploads' sandboxing CSP has to come from both.

describe('frame headers', () => {
  it('uploads get the sandboxing CSP, every other path the general one', () => {
    expect(frameHeadersFor('/uploads/abc')['Content-Security-Policy']).toBe(UPLOAD_CSP);
    expect(frameHeadersFor('/dashboard')['Content-Security-Policy']).toBe("frame-ancestors 'none'");
    expect(frameHeadersFor('/dashboard/uploads')['Content-Security-Policy']).toBe("frame-ancestors 'none'");
    expect(UPLOAD_CSP).toMatch(/^default-src 'none'; sandbox;/);
  });

  it('next.config.ts: a later /uploads/ rule overrides the CSP of the rule for every path (the last one wins)', async () => {
    const rules = (await nextConfig.headers?.()) ?? [];
    const csp = (source: string) =>
      rules.filter((rule) => rule.source === source)[0]?.headers.find((h) => h.key === 'Content-Security-Policy')
        ?.value;
    expect(rules.map((rule) => rule.source)).toEqual(['/:path*', '/uploads/:path*']);
    expect(csp('/:path*')).toBe("frame-ancestors 'none'");
    expect(csp('/uploads/:path*')).toBe(UPLOAD_CSP);
  });
});
