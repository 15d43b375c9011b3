import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '@/db/client';
import { execute } from '@/db/execute';
import { uploadPath } from './upload-path';

const uuid = z.uuid();

export type UploadViewer = { userId: string; admin: boolean };

// `private`: proof, dispute evidence or not linked yet; for its uploader, the task's parties, and admins.
export type UploadVisibility = 'public' | 'private';

type UploadRow = { user_id: string; content_type: string; storage_key: string; public: boolean };

// The same null for a private upload `viewer` may not see: a stranger learns nothing of its existence. `viewer`
// is asked only for a private upload, so a public photo costs no credential lookup.
export async function readUpload(db: Executor, id: string, viewer: () => Promise<UploadViewer | null>) {
  if (!uuid.safeParse(id).success) return null;
  // Public = the uploader's own worker profile (photos stored as URLs, matched on the id so a changed SITE_URL
  // keeps them) or one of their services shows it. Both lookups go through the uploader's indexed rows.
  const [row] = await execute<UploadRow>(
    db,
    sql`
    select u.user_id, u.content_type, u.storage_key,
      exists (
        select 1 from worker_profiles p, unnest(p.photos) as photo
        where p.user_id = u.user_id and photo like '%/uploads/' || u.id::text
      ) or exists (
        select 1 from services s where s.worker_id = u.user_id and u.id = any(s.photos)
      ) as public
    from uploads u where u.id = ${id}`,
  );
  if (!row) return null;
  const visibility: UploadVisibility = row.public ? 'public' : 'private';
  if (visibility === 'private') {
    const who = await viewer();
    if (!who || !(who.admin || who.userId === row.user_id || (await isTaskPartyFor(db, id, who.userId)))) return null;
  }
  const bytes = await readFile(uploadPath(row.storage_key)).catch(() => null);
  return bytes ? { contentType: row.content_type, bytes, visibility } : null;
}

// Starts from the user's own tasks (indexed by requester and worker), never from every task.
async function isTaskPartyFor(db: Executor, uploadId: string, userId: string): Promise<boolean> {
  const rows = await execute<{ found: number }>(
    db,
    sql`
    with mine as (
      select id from tasks where worker_id = ${userId}
      union select id from tasks where requester_id = ${userId}
      union select t.id from tasks t join users agent on agent.id = t.requester_id where agent.owner_id = ${userId}
    )
    select 1 as found from tasks t join mine on mine.id = t.id
    where ${uploadId}::uuid = any(t.proof_photo_ids)
      or exists (
        select 1 from disputes d join dispute_evidence e on e.dispute_id = d.id
        where d.task_id = t.id and ${uploadId}::uuid = any(e.upload_ids)
      )
    limit 1`,
  );
  return rows.length > 0;
}
