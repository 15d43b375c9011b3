// What a payer and the service must agree on, with no server code attached (the typed client imports it too):
// the networks x402 payments are taken on, the USDC contract of each, and the EIP-3009 message that is signed.

// The EIP-712 domain name must match the token's own domain separator: "USDC" on Base Sepolia but "USD Coin" on
// Base (a classic interop bug).
export const X402_NETWORKS = {
  'base-sepolia': {
    caip2: 'eip155:84532',
    chainId: 84532,
    usdc: { address: '0x036CbD53842c5426634e7929541eC2318f3dCF7e', name: 'USDC', version: '2' },
  },
  base: {
    caip2: 'eip155:8453',
    chainId: 8453,
    usdc: { address: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', name: 'USD Coin', version: '2' },
  },
} as const;

export type X402Network = keyof typeof X402_NETWORKS;

export function isX402Network(network: unknown): network is X402Network {
  return typeof network === 'string' && Object.hasOwn(X402_NETWORKS, network);
}

/** EIP-3009 `TransferWithAuthorization`: the typed data an "exact" payment signs. */
export const TRANSFER_WITH_AUTHORIZATION_TYPES = {
  TransferWithAuthorization: [
    { name: 'from', type: 'address' },
    { name: 'to', type: 'address' },
    { name: 'value', type: 'uint256' },
    { name: 'validAfter', type: 'uint256' },
    { name: 'validBefore', type: 'uint256' },
    { name: 'nonce', type: 'bytes32' },
  ],
} as const;
