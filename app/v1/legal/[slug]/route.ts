import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { getLegalDocumentOperation } from '@/lib/schemas/legal';
import { getLegalDocument } from '@/lib/services/legal/get-legal-document';

// GET /v1/legal/{slug} — one legal document with its Markdown body
export const GET = route(getLegalDocumentOperation, async ({ params }) => getLegalDocument(params.slug));

export const { POST, PUT, PATCH, DELETE } = otherMethods({ GET });
