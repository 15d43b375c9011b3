import { env } from '@/lib/env';

export function uploadUrl(id: string): string {
  return new URL(`/uploads/${id}`, env().SITE_URL).toString();
}
