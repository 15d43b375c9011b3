'use client';

import { useRouter } from 'next/navigation';
import { useActionState, useEffect, useState } from 'react';
import { LocalTime } from '@/components/local-time';
import { CopyButton } from '@/components/ui/copy-button';
import { SubmitButton } from '@/components/ui/submit-button';
import { type ClaimCodeState, claimCodeStatusAction, mintClaimCodeAction } from './actions';

type Status = Awaited<ReturnType<typeof claimCodeStatusAction>>;

const POLL_MS = 2000;

/** Mints a claim code, shows the paste snippet, and turns from waiting to claimed by itself. */
export function ClaimCodePanel() {
  const router = useRouter();
  const [minted, mint] = useActionState<ClaimCodeState>(mintClaimCodeAction, {});
  const [status, setStatus] = useState<Status | undefined>();

  useEffect(() => {
    const code = minted.code;
    if (!code) return;
    setStatus({ status: 'waiting' });
    let stopped = false;
    const timer = setInterval(async () => {
      const next = await claimCodeStatusAction(code);
      if (stopped) return;
      setStatus(next);
      if (next.status !== 'waiting') {
        clearInterval(timer);
        if (next.status === 'claimed') router.refresh();
      }
    }, POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [minted.code, router]);

  return (
    <div className="space-y-3">
      <form action={mint}>
        <SubmitButton variant="secondary">{minted.code ? 'Mint another code' : 'Mint a claim code'}</SubmitButton>
      </form>
      {minted.code && (
        <div className="space-y-2 text-sm">
          <p>
            Code{' '}
            <span className="font-mono text-lg font-semibold" data-testid="claim-code">
              {minted.code}
            </span>
            , valid until <LocalTime value={minted.expiresAt ?? null} exact />. Paste this to your agent:
          </p>
          <pre
            data-testid="paste-snippet"
            className="overflow-x-auto rounded bg-stone-100 p-3 text-xs whitespace-pre-wrap"
          >
            {minted.pasteSnippet}
          </pre>
          {minted.pasteSnippet && <CopyButton text={minted.pasteSnippet} label="Copy snippet" />}
          <p data-testid="claim-code-status" role="status">
            {status?.status === 'claimed'
              ? `claimed by ${status.agent?.name ?? 'an agent'}`
              : status?.status === 'expired'
                ? 'expired: mint a new code'
                : 'waiting for your agent…'}
          </p>
        </div>
      )}
    </div>
  );
}
