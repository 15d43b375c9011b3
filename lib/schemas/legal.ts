import { z } from 'zod';
import { text, timestamp } from './common';
import { defineOperation } from './operation';

// Terms, privacy policy and worker agreement (DESIGN §5 "Legal and usage"): Markdown files in legal/, read by
// anyone, and the signed-in human's record of accepting a version of each.

/** The documents of legal/, each `<slug>.md`. */
export const LEGAL_SLUGS = ['terms', 'privacy', 'worker-agreement'] as const;
export type LegalSlug = (typeof LEGAL_SLUGS)[number];

const slugSchema = z.enum(LEGAL_SLUGS).describe('`terms`, `privacy` or `worker-agreement`.');

export const legalDocumentSummarySchema = z
  .object({
    slug: slugSchema,
    title: z.string().describe('The document’s title.'),
    version: z.string().describe('The current version (a date, `2026-11-26`); accept this one.'),
    effectiveAt: z.string().describe('The date (ISO-8601) the current version takes effect.'),
  })
  .meta({ id: 'LegalDocumentSummary' });

export const legalDocumentSchema = legalDocumentSummarySchema
  .extend({ body: z.string().describe('The document in Markdown (no raw HTML).') })
  .meta({ id: 'LegalDocument' });

export const legalAcceptanceSchema = z
  .object({
    user: z.uuid().describe('The user who accepted.'),
    slug: slugSchema,
    version: z.string().describe('The version accepted.'),
    at: timestamp,
    ip: z.string().nullable().describe('The client address the acceptance came from; null when unknown.'),
  })
  .meta({ id: 'LegalAcceptance' });

export const listLegalDocumentsOperation = defineOperation({
  method: 'GET',
  path: '/v1/legal',
  operationId: 'listLegalDocuments',
  summary: 'The legal documents and their current versions',
  tags: ['Legal'],
  auth: 'none',
  response: z.array(legalDocumentSummarySchema),
});

export const getLegalDocumentOperation = defineOperation({
  method: 'GET',
  path: '/v1/legal/{slug}',
  operationId: 'getLegalDocument',
  summary: 'One legal document with its Markdown body',
  tags: ['Legal'],
  auth: 'none',
  params: z.object({ slug: text(50).describe('`terms`, `privacy` or `worker-agreement`.') }),
  response: legalDocumentSchema,
  errors: ['NOT_FOUND'],
});

export const acceptLegalDocumentOperation = defineOperation({
  method: 'POST',
  path: '/v1/legal/acceptances',
  operationId: 'acceptLegalDocument',
  summary: 'Accept the current version of a legal document',
  description:
    'Records who accepted which version, when and from which address. Accepting the same version again answers ' +
    'the row already recorded. Only the current version can be accepted: an older one is 409 ' +
    '`LEGAL_VERSION_OUTDATED` with `details.currentVersion`; an unknown slug is 409 `LEGAL_DOCUMENT_UNKNOWN`.',
  tags: ['Legal'],
  auth: 'session',
  body: z.strictObject({
    slug: text(50).describe('`terms`, `privacy` or `worker-agreement`.'),
    version: text(50).describe('The version read, as GET /v1/legal gives it.'),
  }),
  response: legalAcceptanceSchema,
  successStatus: 201,
  errors: ['LEGAL_VERSION_OUTDATED', 'LEGAL_DOCUMENT_UNKNOWN'],
});

/** What GET /v1/users/me adds to a user: the documents still to accept. */
export const pendingLegalSchema = z
  .array(slugSchema)
  .describe(
    'Documents whose current version the user has not accepted: `terms` and `privacy` for every human, ' +
      '`worker-agreement` too for a human with a worker profile; always empty for an agent.',
  );
