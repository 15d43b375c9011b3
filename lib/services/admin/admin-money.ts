import { type SQL, sql } from 'drizzle-orm';

// From the ledger (what actually moved, not what tasks say they cost): GMV is the positive escrow entries of
// charges and x402 receipts; fees are the net movement on the platform's fee account.

export const gmvSql = (livemode: boolean, since: SQL, groupBy?: SQL) => sql`
  select ${groupBy ? sql`${groupBy} as day,` : sql``} coalesce(sum(e.amount_cents), 0)::text as gmv_cents
  from ledger_transactions t join ledger_entries e on e.transaction_id = t.id
  where t.kind in ('charge', 'x402_receipt') and t.livemode = ${livemode}
    and split_part(e.account, ':', 2) = 'escrow' and e.amount_cents > 0 and t.created_at >= ${since}
  ${groupBy ? sql`group by 1` : sql``}`;

export const feesSql = (livemode: boolean, since: SQL) => sql`
  select coalesce(sum(e.amount_cents), 0)::text as fees_cents from ledger_entries e
  where e.account = ${`${livemode ? 'live' : 'test'}:platform_fees`} and e.created_at >= ${since}`;
