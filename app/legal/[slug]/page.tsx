import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { Markdown } from '@/components/markdown';
import { PageHeader } from '@/components/ui/page-header';
import { isLegalSlug, legalDocuments } from '@/lib/services/legal/legal-documents';

type Props = { params: Promise<{ slug: string }> };

/** The document for a slug of legal/, or none (the page answers 404). */
async function documentOf({ params }: Props) {
  const { slug } = await params;
  return isLegalSlug(slug) ? legalDocuments()[slug] : undefined;
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  return { title: (await documentOf(props))?.title ?? 'Not found' };
}

/** /legal/<slug>: a legal document for anyone, its Markdown rendered without raw HTML. */
export default async function LegalDocumentPage(props: Props) {
  const document = await documentOf(props);
  if (!document) notFound();
  return (
    <article className="mx-auto max-w-3xl space-y-6">
      <PageHeader
        title={document.title}
        description={`Version ${document.version}, effective ${document.effectiveAt}.`}
      />
      <Markdown source={document.body} />
    </article>
  );
}
