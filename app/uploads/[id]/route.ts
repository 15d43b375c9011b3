import { getDatabase } from '@/db/client';
import { readUpload } from '@/lib/services/uploads/read-upload';

// Uploads never change (a new file gets a new id), so they may be cached for a year.
const CACHE = 'public, max-age=31536000, immutable';

// GET /uploads/{id} — an uploaded file, with the content type detected when it was stored
export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { db } = await getDatabase();
  const upload = await readUpload(db, (await params).id);
  if (!upload) return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain' } });
  return new Response(new Uint8Array(upload.bytes), {
    headers: {
      'content-type': upload.contentType,
      'content-length': String(upload.bytes.byteLength),
      'x-content-type-options': 'nosniff',
      'cache-control': CACHE,
      'content-security-policy': "default-src 'none'; sandbox; frame-ancestors 'none'",
    },
  });
}
