import { env } from '@/lib/env';

/** The stable public URL an upload is served at (app/uploads/[id]/route.ts). */
export function uploadUrl(id: string): string {
  return new URL(`/uploads/${id}`, env().SITE_URL).toString();
}
