import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { userOf } from '@/lib/auth/actor';
import { createUploadOperation } from '@/lib/schemas/uploads';
import { admitUpload } from '@/lib/services/uploads/admit-upload';
import { createUpload } from '@/lib/services/uploads/create-upload';

// POST /v1/uploads — upload an image (multipart, JPEG/PNG/WebP, up to 10 MB)
export const POST = route(createUploadOperation, ({ db, actor, form }) => createUpload(db, userOf(actor).id, form), {
  beforeBody: ({ db, actor, request }) => admitUpload(db, userOf(actor).id, request.headers.get('content-length')),
});

export const { GET, PUT, PATCH, DELETE } = otherMethods({ POST });
