import { describe, expect, it } from 'vitest';
import { LEGAL_SLUGS } from '@/lib/schemas/legal';
import { legalDocuments, parseFrontMatter } from './legal-documents';

describe('the legal documents', () => {
  it('reads front matter and leaves the body after it', () => {
    expect(parseFrontMatter('---\ntitle: A: B\nversion: 2\n---\n\nBody\n')).toEqual({
      fields: { title: 'A: B', version: '2' },
      body: 'Body\n',
    });
    expect(parseFrontMatter('No head')).toEqual({ fields: {}, body: 'No head' });
  });

  it('every document has its head, an ISO date, and says first that it is a draft', () => {
    const documents = legalDocuments();
    for (const slug of LEGAL_SLUGS) {
      const document = documents[slug];
      expect(document.slug).toBe(slug);
      expect(document.effectiveAt).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(document.body.split('\n')[0]).toBe('**DRAFT — to be reviewed by counsel before it binds anyone.**');
      // Rendered with html: false, but the source should not rely on it.
      expect(document.body).not.toMatch(/<[a-z]/i);
    }
    expect(legalDocuments()).toBe(documents);
  });

  it('the terms quote the cancellation policy’s figures', () => {
    const { body } = legalDocuments().terms;
    expect(body).toContain('within 10 minutes of the acceptance');
    expect(body).toContain('a cancellation fee of\n  25% of the budget, at least $5.00');
    expect(body).not.toContain('{{');
  });
});
