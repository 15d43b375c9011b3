import { describe, expect, it } from 'vitest';
import { checkUrlSyntax, checkWebhookUrl, isBlockedAddress } from './url-guard';

describe('isBlockedAddress', () => {
  it.each([
    '0.1.2.3',
    '10.0.0.1',
    '100.64.1.1',
    '127.0.0.1',
    '127.255.255.254',
    '169.254.169.254',
    '172.31.255.255',
    '192.0.0.8',
    '192.0.2.1',
    '192.168.0.1',
    '198.19.0.1',
    '198.51.100.7',
    '203.0.113.9',
    '224.0.0.251',
    '240.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '::127.0.0.1',
    '64:ff9b::7f00:1',
    '2002:7f00:1::',
    '2001:db8::1',
    'fc00::1',
    'fd00:ec2::254',
    'fe80::1',
    'ff02::1',
    'not an ip',
  ])('blocks %s', (address) => {
    expect(isBlockedAddress(address)).toBe(true);
  });

  it.each([
    '93.184.216.34',
    '8.8.8.8',
    '172.32.0.1',
    '::ffff:93.184.216.34',
    '64:ff9b::5db8:d822',
    '2002:5db8:d822::1',
    '2606:4700:4700::1111',
  ])('allows the public address %s', (address) => {
    expect(isBlockedAddress(address)).toBe(false);
  });
});

describe('checkWebhookUrl', () => {
  it('accepts an https URL whose host resolves to public addresses only', async () => {
    const url = await checkWebhookUrl('https://hooks.example.com/in?x=1', { allowPrivate: false }, async () => [
      '93.184.216.34',
      '2606:2800:220:1::1',
    ]);
    expect(url.href).toBe('https://hooks.example.com/in?x=1');
  });

  it('refuses a host with any private answer, or none', async () => {
    await expect(
      checkWebhookUrl('https://hooks.example.com/', { allowPrivate: false }, async () => ['93.184.216.34', '10.0.0.1']),
    ).rejects.toThrow('The host hooks.example.com resolves to a private, loopback or reserved address');
    await expect(
      checkWebhookUrl('https://hooks.example.com/', { allowPrivate: false }, async () => []),
    ).rejects.toThrow('The host hooks.example.com could not be resolved');
    await expect(
      checkWebhookUrl('https://hooks.example.com/', { allowPrivate: false }, async () => {
        throw new Error('ENOTFOUND');
      }),
    ).rejects.toThrow('could not be resolved');
  });

  it('allows http and loopback only when private URLs are allowed', () => {
    expect(checkUrlSyntax('http://127.0.0.1:4000/x', { allowPrivate: true }).port).toBe('4000');
    expect(checkUrlSyntax('https://localhost/x', { allowPrivate: true }).hostname).toBe('localhost');
    expect(() => checkUrlSyntax('https://u:p@127.0.0.1/', { allowPrivate: true })).toThrow('user name or password');
    expect(() => checkUrlSyntax('https://127.0.0.1/#x', { allowPrivate: true })).toThrow('fragment');
    expect(() => checkUrlSyntax('file:///etc/passwd', { allowPrivate: true })).toThrow('Must use https');
  });
});
