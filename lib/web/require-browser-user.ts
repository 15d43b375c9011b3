import { redirect } from 'next/navigation';
import { getBrowserUser } from './next-auth';

/** The signed-in human for a dashboard page or action; anyone else is sent to log in (and back afterwards). */
export async function requireBrowserUser(next = '/dashboard') {
  const current = await getBrowserUser();
  if (!current) redirect(`/login?next=${encodeURIComponent(next)}`);
  return current;
}
