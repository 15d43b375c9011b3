import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { listLegalDocumentsOperation } from '@/lib/schemas/legal';
import { listLegalDocuments } from '@/lib/services/legal/list-legal-documents';

// GET /v1/legal — the legal documents and their current versions
export const GET = route(listLegalDocumentsOperation, async () => listLegalDocuments());

export const { POST, PUT, PATCH, DELETE } = otherMethods({ GET });
