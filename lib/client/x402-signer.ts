import type { Hex, LocalAccount } from 'viem';
import {
  isX402Network,
  TRANSFER_WITH_AUTHORIZATION_TYPES,
  X402_NETWORKS,
  type X402Network,
} from '../payments/x402/networks';
import type { X402Signer } from './resilient-fetch';

// An x402 signer for the client from a viem account (e.g. `privateKeyToAccount(key)`): pays an "exact" USDC
// offer (x402 v1) with an EIP-3009 TransferWithAuthorization, sent as the `X-Payment` header.

type ExactOffer = {
  scheme: 'exact';
  network: X402Network;
  maxAmountRequired: string;
  payTo: Hex;
  asset: Hex;
  maxTimeoutSeconds: number;
  extra: { name: string; version: string };
};

function isExactOffer(offer: unknown): offer is ExactOffer {
  const candidate = offer as Partial<ExactOffer> | null;
  return (
    candidate?.scheme === 'exact' &&
    typeof candidate.network === 'string' &&
    isX402Network(candidate.network) &&
    typeof candidate.maxAmountRequired === 'string' &&
    typeof candidate.payTo === 'string' &&
    typeof candidate.asset === 'string' &&
    typeof candidate.extra?.name === 'string'
  );
}

const randomNonce = (): Hex =>
  `0x${Array.from(crypto.getRandomValues(new Uint8Array(32)), (byte) => byte.toString(16).padStart(2, '0')).join('')}`;

/**
 * Pays at most `maxAmountAtomic` (USDC atomic units, 6 decimals: 1 USDC = 1_000_000n) per request; a dearer
 * offer is refused, so a wrong price can never empty the wallet.
 */
export function x402SignerFromAccount(
  account: Pick<LocalAccount, 'address' | 'signTypedData'>,
  options: { maxAmountAtomic: bigint },
): X402Signer {
  return async ({ accepts }) => {
    const offer = accepts.find(isExactOffer);
    if (!offer) throw new Error('no offer this signer can pay ("exact" USDC on base or base-sepolia)');
    const value = BigInt(offer.maxAmountRequired);
    if (value > options.maxAmountAtomic) {
      throw new Error(
        `the offer asks ${value} atomic units of USDC, above this signer's limit of ${options.maxAmountAtomic}`,
      );
    }
    const now = BigInt(Math.floor(Date.now() / 1000));
    // validAfter in the past tolerates a payer clock that runs ahead of the server's.
    const message = {
      from: account.address,
      to: offer.payTo,
      value,
      validAfter: now - 600n,
      validBefore: now + BigInt(offer.maxTimeoutSeconds),
      nonce: randomNonce(),
    };
    const signature = await account.signTypedData({
      domain: {
        name: offer.extra.name,
        version: offer.extra.version,
        chainId: X402_NETWORKS[offer.network].chainId,
        verifyingContract: offer.asset,
      },
      types: TRANSFER_WITH_AUTHORIZATION_TYPES,
      primaryType: 'TransferWithAuthorization',
      message,
    });
    const authorization = {
      ...message,
      value: message.value.toString(),
      validAfter: message.validAfter.toString(),
      validBefore: message.validBefore.toString(),
    };
    const payment = { x402Version: 1, scheme: 'exact', network: offer.network, payload: { signature, authorization } };
    return { header: 'X-Payment', value: btoa(JSON.stringify(payment)) };
  };
}
