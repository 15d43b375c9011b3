/** A worker search ranks the CANDIDATES listed workers nearest the point (lib/services/workers/search-workers-sql.ts). */
export const CANDIDATES = 200;
