import { notFound } from 'next/navigation';
import { requireBrowserUser } from './require-browser-user';

/**
 * The signed-in admin for an /admin page or action (a verified email listed in ADMIN_EMAILS). Anyone else signed
 * in gets the 404 page: the console is not advertised, as the API answers 403 without saying more.
 */
export async function requireAdminUser(next = '/admin') {
  const current = await requireBrowserUser(next);
  if (!current.user.roles.includes('admin')) notFound();
  return current;
}
