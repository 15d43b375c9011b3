/**
 * The gazetteer's answers change only with the server's version: a browser may keep them a day. Private, since
 * the request carried a credential.
 */
export const GEO_CACHE_HEADERS = { 'cache-control': 'private, max-age=86400' } as const;
