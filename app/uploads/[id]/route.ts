import { getDatabase } from '@/db/client';
import { UPLOAD_CSP } from '@/lib/http/frame-headers';
import { readUpload } from '@/lib/services/uploads/read-upload';
import { requestViewer } from '@/lib/web/request-viewer';

// A profile or service photo never changes (a new file gets a new id), so any cache may keep it for a year. Proof
// and dispute evidence are for the task's parties only: no shared cache, and no copy left on disk.
const CACHE = { public: 'public, max-age=31536000, immutable', private: 'private, no-store' } as const;

// The sandboxing CSP and nosniff go on every answer, the 404 included (next.config.ts and server.ts send the same).
const ALWAYS = { 'x-content-type-options': 'nosniff', 'content-security-policy': UPLOAD_CSP };

// GET /uploads/{id} — an uploaded file, public or for its task's parties (Bearer credential or session cookie)
export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const database = await getDatabase();
  const upload = await readUpload(database.db, (await params).id, () => requestViewer(database, request));
  if (!upload) {
    // The same answer for an unknown id and one the caller may not see.
    return new Response('Not found', {
      status: 404,
      headers: { ...ALWAYS, 'content-type': 'text/plain', 'cache-control': 'no-store' },
    });
  }
  return new Response(new Uint8Array(upload.bytes), {
    headers: {
      ...ALWAYS,
      'content-type': upload.contentType,
      'content-length': String(upload.bytes.byteLength),
      'cache-control': CACHE[upload.visibility],
    },
  });
}
