import type { Db } from '@/db/client';
import { type Actor, type ActorUser, userOf } from '@/lib/auth/actor';
import { env } from '@/lib/env';
import { getProcessor } from '@/lib/payments/get-processor';
import { readMppOffer } from '@/lib/payments/mpp/read-offer';
import { readX402Offer } from '@/lib/payments/x402/read-offer';
import type { Funder } from '@/lib/services/money/funding-outcome';

export function funderOf({ db, actor, request }: { db: Db; actor: Actor; request: Request }): Funder {
  return {
    processor: getProcessor(db, actor),
    user: userOf(actor),
    viaApiKey: actor.kind === 'apiKey',
    x402: readX402Offer(request),
    mpp: readMppOffer(request),
  };
}

/** A signed-in human acting from a page: their own card, no wallet, the same resource the API names. */
export function browserFunder(db: Db, user: ActorUser, path: string): Funder {
  return {
    processor: getProcessor(db),
    user,
    viaApiKey: false,
    x402: { resource: new URL(path, env().SITE_URL).toString(), payment: null },
  };
}
