'use client';

import Link from 'next/link';
import { useActionState } from 'react';
import type { ActionState } from './ui/action-form';

/** Accepts every pending document for the signed-in human: a server action, passed in by the layout. */
export type AcceptLegal = (state: ActionState) => Promise<ActionState>;

/** For a signed-in human with documents to accept (new sign-up without the checkbox, or a new version). */
export function LegalBanner({
  documents,
  accept,
}: {
  documents: { slug: string; title: string }[];
  accept: AcceptLegal;
}) {
  const [state, action, pending] = useActionState<ActionState, FormData>(accept, {});
  if (state.saved) return null;
  return (
    // A labelled region, not a status: it stands beside the other banners without adding a second live region.
    <section
      aria-label="Legal documents to accept"
      data-testid="legal-banner"
      className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-sky-200 bg-sky-50 px-4 py-3 text-sm"
    >
      <p className="text-sky-900">
        Please read and accept{' '}
        {documents.map((document, index) => (
          <span key={document.slug}>
            {index > 0 && (index === documents.length - 1 ? ' and ' : ', ')}
            <Link href={`/legal/${document.slug}`} className="underline">
              {document.title}
            </Link>
          </span>
        ))}
        .{state.error && <span className="ml-1 text-red-700">{state.error}</span>}
      </p>
      <form action={action}>
        <button
          type="submit"
          disabled={pending}
          className="rounded-md border border-sky-300 bg-white px-3 py-1.5 hover:bg-sky-100 disabled:opacity-50"
        >
          Accept
        </button>
      </form>
    </section>
  );
}
