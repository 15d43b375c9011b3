/** SITE_URL's default under `npm start` and in tests: a production site names its public URL itself. */
export const FIXED_DEFAULT_SITE_URL = 'http://localhost:3000';

/**
 * SITE_URL when it is not set. In development it follows the port the server listens on (`next dev` writes the
 * port it took, from `-p`, PORT or the next free one, into PORT), so the links in emails work on `PORT=3931` too.
 * Anywhere else it stays the fixed default: a production build behind a proxy cannot know its public URL from
 * its port, and the host check and every emailed link must not change with it (docs/operations.md).
 */
export function defaultSiteUrl(nodeEnv: string, port: number | undefined): string {
  if (nodeEnv !== 'development' || port === undefined) return FIXED_DEFAULT_SITE_URL;
  return `http://localhost:${port}`;
}
