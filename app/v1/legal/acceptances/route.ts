import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { userOf } from '@/lib/auth/actor';
import { acceptLegalDocumentOperation } from '@/lib/schemas/legal';
import { acceptLegalDocument } from '@/lib/services/legal/accept-legal-document';

// POST /v1/legal/acceptances — accept the current version of a legal document
export const POST = route(acceptLegalDocumentOperation, ({ db, actor, body, context }) =>
  acceptLegalDocument(db, { userId: userOf(actor).id, slug: body.slug, version: body.version, ip: context.ip }),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods({ POST });
