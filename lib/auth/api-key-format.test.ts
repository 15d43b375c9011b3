import { describe, expect, it } from 'vitest';
import { API_KEY_PATTERN, generateApiKey, isWellFormedApiKey, looksLikeApiKey } from './api-key-format';
import { sha256Hex } from './tokens';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

describe('API key format', () => {
  it('is lgw_live_ + 32 random base62 characters + a 6-character base62 checksum', () => {
    const generated = generateApiKey('live');
    expect(generated.key).toMatch(/^lgw_live_[0-9A-Za-z]{38}$/);
    expect(generated.key).toHaveLength('lgw_live_'.length + 32 + 6);
    expect(API_KEY_PATTERN.test(generated.key)).toBe(true);
    expect(generated.mode).toBe('live');
    expect(isWellFormedApiKey(generated.key)).toBe(true);
    expect(looksLikeApiKey(generated.key)).toBe(true);
  });

  it('mode test gives lgw_test_ keys', () => {
    const generated = generateApiKey('test');
    expect(generated.key).toMatch(/^lgw_test_[0-9A-Za-z]{38}$/);
    expect(generated.mode).toBe('test');
    expect(generated.keyPrefix).toBe(generated.key.slice(0, 12));
    expect(generated.keyPrefix.startsWith('lgw_test_')).toBe(true);
    expect(isWellFormedApiKey(generated.key)).toBe(true);
  });

  it('keyPrefix is the first 12 characters, keySuffix the last 4, keyHash the SHA-256 hex of the key', () => {
    const generated = generateApiKey('live');
    expect(generated.keyPrefix).toHaveLength(12);
    expect(generated.keyPrefix).toBe(generated.key.slice(0, 12));
    expect(generated.keySuffix).toHaveLength(4);
    expect(generated.keySuffix).toBe(generated.key.slice(-4));
    expect(generated.keyHash).toBe(sha256Hex(generated.key));
    expect(generated.keyHash).toMatch(/^[0-9a-f]{64}$/);
    expect(generated.keyHash).not.toContain(generated.key.slice(9, 41));
  });

  it('generates distinct keys', () => {
    const keys = new Set(Array.from({ length: 200 }, () => generateApiKey('live').key));
    expect(keys.size).toBe(200);
  });

  it('uses the whole base62 alphabet for the random part', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) for (const char of generateApiKey('live').key.slice(9, 41)) seen.add(char);
    // 6,400 draws from 62 symbols: every symbol appears (the chance one is missing is ~1e-42).
    expect([...seen].sort().join('')).toBe([...BASE62].sort().join(''));
  });

  it('flipping any one character of the random part or the checksum fails the checksum', () => {
    const { key } = generateApiKey('live');
    for (let index = 9; index < key.length; index++) {
      const original = key[index] ?? '';
      const replacement = BASE62[(BASE62.indexOf(original) + 1) % 62] ?? '';
      const tampered = key.slice(0, index) + replacement + key.slice(index + 1);
      expect(API_KEY_PATTERN.test(tampered)).toBe(true);
      expect(isWellFormedApiKey(tampered), `position ${index}`).toBe(false);
    }
  });

  it('a live key relabelled as test (or the reverse) fails the checksum', () => {
    const live = generateApiKey('live').key;
    const test = generateApiKey('test').key;
    expect(isWellFormedApiKey(live.replace('lgw_live_', 'lgw_test_'))).toBe(false);
    expect(isWellFormedApiKey(test.replace('lgw_test_', 'lgw_live_'))).toBe(false);
  });

  it.each([
    ['empty', ''],
    ['prefix only', 'lgw_live_'],
    ['unknown mode', 'lgw_prod_0123456789abcdefghijABCDEFGHIJ01234567'],
    ['too short', 'lgw_live_0123456789'],
    ['non-base62 characters', `lgw_live_${'-'.repeat(38)}`],
    ['upper-case prefix', 'LGW_LIVE_0123456789abcdefghijABCDEFGHIJ012345'],
  ])('rejects %s', (_label, token) => {
    expect(isWellFormedApiKey(token)).toBe(false);
  });

  it('rejects a valid key with extra characters around it', () => {
    const { key } = generateApiKey('live');
    expect(isWellFormedApiKey(`${key}A`)).toBe(false);
    expect(isWellFormedApiKey(`A${key}`)).toBe(false);
    expect(isWellFormedApiKey(` ${key}`)).toBe(false);
    expect(isWellFormedApiKey(key.slice(0, -1))).toBe(false);
  });

  it('looksLikeApiKey only checks the prefix (session tokens and others do not)', () => {
    expect(looksLikeApiKey('lgw_live_anything')).toBe(true);
    expect(looksLikeApiKey('lgw_test_anything')).toBe(true);
    expect(looksLikeApiKey('lgws_abc')).toBe(false);
    expect(looksLikeApiKey('lgw_prod_abc')).toBe(false);
    expect(looksLikeApiKey('LGW_LIVE_abc')).toBe(false);
  });
});
