import { afterEach, describe, expect, it } from 'vitest';
import { env, resetEnvCache } from '@/lib/env';
import { acceptedHosts, isAcceptedHost, normalizeHost, parseAllowedHosts } from './allowed-hosts';

describe('normalizeHost', () => {
  it('lowercases and drops the default ports; refuses what is not a host', () => {
    expect(normalizeHost('Legwork.Example')).toBe('legwork.example');
    expect(normalizeHost('legwork.example:443')).toBe('legwork.example');
    expect(normalizeHost('legwork.example:80')).toBe('legwork.example');
    expect(normalizeHost('127.0.0.1:03100')).toBe('127.0.0.1:3100');
    expect(normalizeHost('[::1]:3000')).toBe('[::1]:3000');
    for (const bad of [
      '',
      'user@legwork.example',
      'legwork.example/x',
      'legwork.example:0',
      'a:99999',
      '-a.example',
      '::1',
    ]) {
      expect(normalizeHost(bad), bad).toBeUndefined();
    }
  });
});

describe('acceptedHosts', () => {
  it('is SITE_URL’s host and the aliases', () => {
    const hosts = acceptedHosts('https://legwork.example', parseAllowedHosts('www.legwork.example, 10.0.0.5:3000'));
    expect([...hosts].sort()).toEqual(['10.0.0.5:3000', 'legwork.example', 'www.legwork.example']);
    expect(isAcceptedHost('LEGWORK.example:443', hosts)).toBe(true);
    expect(isAcceptedHost('10.0.0.5:3000', hosts)).toBe(true);
    expect(isAcceptedHost('10.0.0.5:3001', hosts)).toBe(false);
    expect(isAcceptedHost('evil.example', hosts)).toBe(false);
    expect(isAcceptedHost('legwork.example.evil.example', hosts)).toBe(false);
    expect(isAcceptedHost('evil@legwork.example', hosts)).toBe(false);
    expect(isAcceptedHost(undefined, hosts)).toBe(false);
  });

  it('takes every loopback name on SITE_URL’s port when SITE_URL is a loopback host, and no other port', () => {
    const hosts = acceptedHosts('http://127.0.0.1:3100', []);
    expect([...hosts].sort()).toEqual(['127.0.0.1:3100', '[::1]:3100', 'localhost:3100']);
    expect(isAcceptedHost('localhost:3100', hosts)).toBe(true);
    expect(isAcceptedHost('127.0.0.1:3101', hosts)).toBe(false);
    expect([...acceptedHosts('http://localhost:3000', [])].sort()).toEqual([
      '127.0.0.1:3000',
      '[::1]:3000',
      'localhost:3000',
    ]);
  });
});

describe('ALLOWED_HOSTS', () => {
  const saved = process.env.ALLOWED_HOSTS;
  afterEach(() => {
    if (saved === undefined) delete process.env.ALLOWED_HOSTS;
    else process.env.ALLOWED_HOSTS = saved;
    resetEnvCache();
  });

  it('is parsed by env(), and a bad entry stops the process with a message naming it', () => {
    process.env.ALLOWED_HOSTS = 'www.legwork.example,,10.0.0.5:3000 ';
    resetEnvCache();
    expect(env().ALLOWED_HOSTS).toEqual(['www.legwork.example', '10.0.0.5:3000']);
    process.env.ALLOWED_HOSTS = 'www.legwork.example,https://legwork.example';
    resetEnvCache();
    expect(() => env()).toThrow(/ALLOWED_HOSTS: "https:\/\/legwork\.example" is not a host name/);
  });
});
