import { randomBase62, sha256Hex, toBase62 } from './tokens';

// lgw_<mode>_<32 random base62><6-char CRC32 checksum in base62>. The checksum lets us (and secret
// scanners) reject a mistyped or made-up key without touching the database.
export const API_KEY_PATTERN = /^lgw_(live|test)_([0-9A-Za-z]{32})([0-9A-Za-z]{6})$/;
const RANDOM_LENGTH = 32;

export type ApiKeyMode = 'live' | 'test';

/** A key's mode, read from its prefix (`lgw_test_…` or `lgw_live_…`). */
export function keyModeOf(keyPrefix: string): ApiKeyMode {
  return keyPrefix.startsWith('lgw_test_') ? 'test' : 'live';
}

export type GeneratedApiKey = { key: string; keyHash: string; keyPrefix: string; keySuffix: string; mode: ApiKeyMode };

export function looksLikeApiKey(token: string): boolean {
  return token.startsWith('lgw_live_') || token.startsWith('lgw_test_');
}

export function generateApiKey(mode: ApiKeyMode): GeneratedApiKey {
  const body = `lgw_${mode}_${randomBase62(RANDOM_LENGTH)}`;
  const key = body + checksum(body);
  return { key, keyHash: sha256Hex(key), keyPrefix: key.slice(0, 12), keySuffix: key.slice(-4), mode };
}

/** Format and checksum only: a true result still has to be found in the database. */
export function isWellFormedApiKey(token: string): boolean {
  const match = API_KEY_PATTERN.exec(token);
  if (!match) return false;
  return checksum(token.slice(0, -6)) === match[3];
}

function checksum(body: string): string {
  return toBase62(crc32(body), 6);
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(text: string): number {
  let crc = 0xffffffff;
  for (let i = 0; i < text.length; i++) crc = (CRC_TABLE[(crc ^ text.charCodeAt(i)) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
