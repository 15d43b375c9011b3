import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { LegworkApiError, type LegworkRequestExtras } from '../lib/client';
import { apiFailure, type ToolExtra } from './tool-kit';

// x402 inside an MCP call (x402 specs/transports-v2/mcp.md): a 402 of the REST API becomes an `isError` result
// whose structuredContent is the PaymentRequired (content[0] its JSON), and the client's retry brings the
// PaymentPayload in `_meta["x402/payment"]`. The payload goes to the REST call as the header the HTTP API reads,
// so its checks (amount, time window, signature, one use per nonce) are the HTTP API's own, and the answer's
// PAYMENT-RESPONSE comes back as `_meta["x402/payment-response"]`.

export const X402_PAYMENT_META = 'x402/payment';
export const X402_PAYMENT_RESPONSE_META = 'x402/payment-response';

type PaymentExtras = Required<Pick<LegworkRequestExtras, 'headers' | 'onHeaders'>>;

/**
 * How a paying tool pays, for its description: `restPath` is the REST operation behind it, which alone also takes
 * MPP (no MCP transport carries a Shared Payment Token).
 */
export function paymentOptions(restPath: string): string {
  return (
    'It pays with, in this order: (1) an x402 PaymentPayload you send in this call’s `_meta["x402/payment"]` ' +
    '(the x402 MCP transport; the result then carries the SettlementResponse in `_meta["x402/payment-response"]`); ' +
    '(2) your operator’s card, within your spending limit (a `lgw_test_` key pays with the test processor, no real ' +
    'money); (3) when the card cannot, this server’s own x402 wallet (LEGWORK_X402_PRIVATE_KEY), up to its cap. ' +
    'Otherwise nothing is charged and the result is x402’s payment-required one: `isError`, structuredContent = ' +
    'the x402 PaymentRequired (`x402Version` 2, `resource`, `accepts`; content[0] is its JSON) plus ' +
    '`legworkError` {code: PAYMENT_REQUIRED, message, hint}: sign `accepts[0]` and call again with the same ' +
    'arguments and `idempotency_key`, the payload in `_meta["x402/payment"]`. A refused payment is the same result ' +
    'with `legworkError.code` PAYMENT_FAILED and the x402 reason in `legworkError.details.details.reason`, as over ' +
    'HTTP: invalid_payload (malformed), invalid_exact_evm_payload_authorization_value (wrong amount), ' +
    'invalid_exact_evm_payload_authorization_valid_before (expired), nonce_already_used (already used), ' +
    'invalid_exact_evm_payload_signature, invalid_network, invalid_payment_requirements; nothing is charged or ' +
    `posted. MPP (\`Authorization: Payment\` with a Stripe Shared Payment Token) is REST-only: POST ${restPath}.`
  );
}

const PAY_IN_META_HINT =
  'Pay inside this MCP call: sign `accepts[0]` (x402 `exact`, an EIP-3009 TransferWithAuthorization) and call ' +
  'this tool again with the same arguments and `idempotency_key`, the x402 PaymentPayload in ' +
  '`_meta["x402/payment"]`. Or ask your operator for a card or a higher spending limit.';
const PAY_AGAIN_HINT =
  'Nothing was charged. Fix what `details.details.reason` names and sign a new authorization (a fresh nonce, a ' +
  'valid time window, exactly `accepts[0].amount`), then call again with it in `_meta["x402/payment"]`.';

/**
 * Runs a paying tool's REST call with the caller's `_meta` payment, if any. A 402 answer becomes the x402
 * payment-required result; a paid answer gets its settlement in `_meta`. Other errors are the tool kit's.
 */
export async function payableCall(
  extra: Pick<ToolExtra, '_meta'>,
  run: (payment: PaymentExtras) => Promise<CallToolResult>,
): Promise<CallToolResult> {
  const offered = extra._meta?.[X402_PAYMENT_META];
  let settlement: Record<string, unknown> | undefined;
  const payment: PaymentExtras = {
    headers: offered === undefined ? {} : paymentHeader(offered),
    onHeaders: (headers) => {
      // Only the caller's own payment is reported: a card or this server's wallet paid nothing of theirs.
      if (offered !== undefined)
        settlement = decodeBase64Json(headers.get('payment-response') ?? headers.get('x-payment-response'));
    },
  };
  try {
    const result = await run(payment);
    return settlement ? { ...result, _meta: { ...result._meta, [X402_PAYMENT_RESPONSE_META]: settlement } } : result;
  } catch (error) {
    if (error instanceof LegworkApiError && error.status === 402 && error.paymentRequired) {
      return paymentRequiredResult(error, error.paymentRequired);
    }
    throw error;
  }
}

/**
 * The header the HTTP API reads a payment from: v1 payloads as `X-Payment`, anything else as `PAYMENT-SIGNATURE`.
 * Whatever was sent is encoded as it is, never repaired: the API refuses a malformed one as it would over HTTP.
 */
function paymentHeader(payload: unknown): Record<string, string> {
  const value = Buffer.from(JSON.stringify(payload) ?? 'null', 'utf8').toString('base64');
  const v1 =
    typeof payload === 'object' && payload !== null && (payload as { x402Version?: unknown }).x402Version === 1;
  return { [v1 ? 'X-Payment' : 'PAYMENT-SIGNATURE']: value };
}

function decodeBase64Json(value: string | null): Record<string, unknown> | undefined {
  if (!value) return undefined;
  try {
    const decoded: unknown = JSON.parse(Buffer.from(value, 'base64').toString('utf8'));
    return typeof decoded === 'object' && decoded !== null ? (decoded as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The spec's payment-required result: structuredContent is the API's PaymentRequired, content[0] exactly its JSON.
 * Our error (`legworkError`: the API's code, message and details, as other tools give them in `error`, which
 * PaymentRequired keeps for its own string) rides along in both, and content[1] says it in words for the model.
 */
function paymentRequiredResult(error: LegworkApiError, paymentRequired: Record<string, unknown>): CallToolResult {
  // The v1 offer the client copies into `details` repeats `accepts`; the v2 one above is the one to sign.
  const { x402Version: _version, accepts: _accepts, ...details } = (error.details ?? {}) as Record<string, unknown>;
  const failure = apiFailure(
    new LegworkApiError({
      status: error.status,
      code: error.code,
      message: error.message,
      hint: error.code === 'PAYMENT_REQUIRED' ? PAY_IN_META_HINT : PAY_AGAIN_HINT,
      details: Object.keys(details).length ? details : undefined,
      requestId: error.requestId,
      fromEnvelope: true,
    }),
  );
  const structured = { ...paymentRequired, legworkError: failure.structuredContent?.error };
  return {
    isError: true,
    structuredContent: structured,
    content: [{ type: 'text', text: JSON.stringify(structured) }, ...failure.content],
  };
}
