import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { deploymentLivemode } from '@/lib/payments/get-processor';
import { getBrowserUser } from '@/lib/web/next-auth';
import { OperationSection } from '../../operation-section';
import { ReferenceBrowser } from '../../reference-browser';
import { loadReference, referenceIndex } from '../../reference-data';
import { type TryItAccount, TryItCredentials } from '../../try-it';

// Reads the session cookie (for Try it) and SITE_URL per request; never prerendered at build time.
export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ tag: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { tag } = await params;
  const found = loadReference().tags.find(({ slug }) => slug === tag);
  return { title: found ? `${found.tag} · API reference` : 'API reference' };
}

/** One tag's operations in full, with the index of every operation in the sidebar. */
export default async function ApiReferenceTagPage({ params }: Props) {
  const { tag: slug } = await params;
  const { document, tags } = loadReference();
  const current = tags.find((tag) => tag.slug === slug);
  if (!current) notFound();
  const browser = await getBrowserUser();
  const account: TryItAccount = browser ? { id: browser.user.id, email: browser.user.email ?? null } : null;
  const livemode = deploymentLivemode();
  const sections = Object.fromEntries(
    current.entries.map((entry) => [
      entry.operation.operationId,
      <OperationSection
        key={entry.operation.operationId}
        entry={entry}
        schemas={document.components.schemas}
        account={account}
        livemode={livemode}
      />,
    ]),
  );

  return (
    <div className="space-y-8">
      <header className="space-y-3">
        <p className="text-sm text-stone-500">
          <Link href="/docs" className="underline">
            {document.info.title}
          </Link>{' '}
          reference, version {document.info.version}
        </p>
        <h1 className="text-3xl font-semibold">{current.tag}</h1>
        <TryItCredentials account={account} />
      </header>
      <ReferenceBrowser groups={referenceIndex(tags, current.tag)} current={{ tag: current.tag, sections }} />
    </div>
  );
}
