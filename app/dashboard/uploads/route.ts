import { readForm } from '@/lib/api/steps/parse-input';
import { uploadSchema } from '@/lib/schemas/uploads';
import { admitUpload } from '@/lib/services/uploads/admit-upload';
import { createUpload } from '@/lib/services/uploads/create-upload';
import { browserRoute } from '@/lib/web/browser-route';

// The pages' photo upload (session cookie). Server actions take bodies of 1 MB at most (next.config.ts), so the
// proof and profile forms send each photo here first, as POST /v1/uploads takes it, and post only its id. The
// offline proof queue retries with its Idempotency-Key, so a photo sent twice is stored once.
export const dynamic = 'force-dynamic';

// POST /dashboard/uploads — store one image of the signed-in user (multipart `file`, up to 10 MB)
export const POST = browserRoute(
  async ({ request, user, database }) => {
    // Admitted as POST /v1/uploads admits: quota from Content-Length and the in-flight bounds, before the body.
    const release = await admitUpload(database.db, user.id, request.headers.get('content-length'));
    try {
      const upload = await createUpload(database.db, user.id, await readForm(request));
      return { status: 201, data: uploadSchema.parse(upload) };
    } finally {
      release();
    }
  },
  { idempotent: true },
);
