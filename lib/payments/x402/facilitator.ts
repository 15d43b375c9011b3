// A minimal client of an x402 facilitator (protocols §5.1, §5.3): POST {url}/verify, then POST {url}/settle,
// each with `{ x402Version, paymentPayload, paymentRequirements }` (the reference HTTPFacilitatorClient also
// sends x402Version for v2). Every call has a 10 s timeout and follows no redirects.

export const FACILITATOR_TIMEOUT_MS = 10_000;

export type FacilitatorRequest = {
  x402Version: 1 | 2;
  paymentPayload: unknown;
  paymentRequirements: unknown;
};

/** `invalid` is a definitive answer; `unavailable` (timeout, network error, 5xx, garbage) is not. */
export type VerifyResult =
  | { kind: 'valid'; payer?: string }
  | { kind: 'invalid'; reason: string; message?: string }
  | { kind: 'unavailable'; message: string };

export type SettleResult =
  | { kind: 'settled'; transaction: string; payer?: string }
  | { kind: 'failed'; reason: string; message?: string }
  | { kind: 'unavailable'; message: string };

export async function facilitatorVerify(
  url: string,
  body: FacilitatorRequest,
  timeoutMs = FACILITATOR_TIMEOUT_MS,
): Promise<VerifyResult> {
  const answer = await post(`${url}/verify`, body, timeoutMs);
  if (answer.kind === 'unavailable') return answer;
  const data = answer.json as { isValid?: unknown; invalidReason?: unknown; invalidMessage?: unknown; payer?: unknown };
  if (data.isValid === true && answer.ok) return { kind: 'valid', payer: stringOr(data.payer) };
  if (data.isValid === false) {
    return {
      kind: 'invalid',
      reason: stringOr(data.invalidReason) ?? 'invalid_payload',
      message: stringOr(data.invalidMessage),
    };
  }
  return { kind: 'unavailable', message: `the facilitator answered /verify with ${answer.status} and no verdict` };
}

export async function facilitatorSettle(
  url: string,
  body: FacilitatorRequest,
  timeoutMs = FACILITATOR_TIMEOUT_MS,
): Promise<SettleResult> {
  const answer = await post(`${url}/settle`, body, timeoutMs);
  if (answer.kind === 'unavailable') return answer;
  const data = answer.json as {
    success?: unknown;
    transaction?: unknown;
    errorReason?: unknown;
    errorMessage?: unknown;
    payer?: unknown;
  };
  if (data.success === true && answer.ok && typeof data.transaction === 'string' && data.transaction !== '') {
    return { kind: 'settled', transaction: data.transaction, payer: stringOr(data.payer) };
  }
  if (data.success === false) {
    return {
      kind: 'failed',
      reason: stringOr(data.errorReason) ?? 'unexpected_settle_error',
      message: stringOr(data.errorMessage),
    };
  }
  return { kind: 'unavailable', message: `the facilitator answered /settle with ${answer.status} and no result` };
}

type PostAnswer =
  | { kind: 'answered'; ok: boolean; status: number; json: object }
  | { kind: 'unavailable'; message: string };

async function post(url: string, body: FacilitatorRequest, timeoutMs: number): Promise<PostAnswer> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      redirect: 'error',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const timedOut = (error as { name?: string })?.name === 'TimeoutError';
    return {
      kind: 'unavailable',
      message: timedOut ? `no answer from ${url} within ${timeoutMs} ms` : `${url}: ${String(error)}`,
    };
  }
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    return { kind: 'unavailable', message: `${url} answered ${response.status} without JSON` };
  }
  if (typeof json !== 'object' || json === null) {
    return { kind: 'unavailable', message: `${url} answered ${response.status} without a JSON object` };
  }
  return { kind: 'answered', ok: response.ok, status: response.status, json };
}

function stringOr(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}
