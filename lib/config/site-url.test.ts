import { describe, expect, it } from 'vitest';
import { env } from '@/lib/env';
import { withEnv } from '@/test/env';
import { defaultSiteUrl, FIXED_DEFAULT_SITE_URL } from './site-url';

describe('defaultSiteUrl', () => {
  it('follows the port in development', () => {
    expect(defaultSiteUrl('development', 3931)).toBe('http://localhost:3931');
    expect(defaultSiteUrl('development', 3000)).toBe('http://localhost:3000');
    expect(defaultSiteUrl('development', undefined)).toBe('http://localhost:3000');
  });

  it('stays http://localhost:3000 in production and in tests, whatever the port', () => {
    expect(FIXED_DEFAULT_SITE_URL).toBe('http://localhost:3000');
    expect(defaultSiteUrl('production', 3931)).toBe('http://localhost:3000');
    expect(defaultSiteUrl('test', 3931)).toBe('http://localhost:3000');
  });
});

describe('env().SITE_URL', () => {
  it('is derived from PORT under next dev when SITE_URL is unset', async () => {
    const siteUrl = await withEnv(
      { NODE_ENV: 'development', PORT: '3931', SITE_URL: undefined },
      async () => env().SITE_URL,
    );
    expect(siteUrl).toBe('http://localhost:3931');
  });

  it('is SITE_URL itself when set, in development too', async () => {
    const siteUrl = await withEnv(
      { NODE_ENV: 'development', PORT: '3931', SITE_URL: 'https://legwork.example' },
      async () => env().SITE_URL,
    );
    expect(siteUrl).toBe('https://legwork.example');
  });

  it('keeps the fixed default in production when SITE_URL is unset', async () => {
    const siteUrl = await withEnv(
      { NODE_ENV: 'production', PORT: '3931', SITE_URL: undefined },
      async () => env().SITE_URL,
    );
    expect(siteUrl).toBe('http://localhost:3000');
  });

  it('refuses a PORT that is not a port, naming it', async () => {
    await withEnv({ NODE_ENV: 'development', PORT: 'eighty', SITE_URL: undefined }, async () => {
      expect(() => env()).toThrow(/PORT: must be a number/);
    });
  });
});
