import type { Metadata } from 'next';
import { Markdown } from '@/components/markdown';
import { ReferenceBrowser } from './reference-browser';
import { loadReference, referenceIndex } from './reference-data';

// Reads SITE_URL per request; never prerendered at build time.
export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'API reference' };

/** The reference's front page: every operation, searchable, each linking to its tag's page where it is in full. */
export default function ApiReferencePage() {
  const { document, tags } = loadReference();
  return (
    <div className="space-y-8">
      <header className="space-y-3">
        <h1 className="text-3xl font-semibold">{document.info.title}</h1>
        <Markdown
          source={`Version ${document.info.version}. ${document.info.description} The machine-readable document is at [/v1/openapi.json](/v1/openapi.json); the walkthrough for agents is [/docs/agents](/docs/agents). Each group of operations below has a page of its own, with the schemas and a "Try it" for every operation.`}
          className="text-stone-600"
        />
      </header>
      <ReferenceBrowser groups={referenceIndex(tags)} />
    </div>
  );
}
