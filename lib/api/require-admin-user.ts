import { notFound } from 'next/navigation';
import { isAdmin } from '@/lib/auth/is-admin';
import type { AdminCaller } from '@/lib/services/admin/admin-caller';
import { actionClientIp } from './action-client-ip';
import { requireBrowserActor } from './require-browser-actor';

/**
 * The signed-in admin, as services take a caller, for an /admin page or action (a verified email listed in
 * ADMIN_EMAILS). Anyone else signed in gets the 404 page: the console is not advertised, as the API answers 403
 * without saying more.
 */
export async function requireAdminUser(next = '/admin') {
  const admin = await requireBrowserActor(next);
  if (!isAdmin(admin)) notFound();
  return admin;
}

/** The signed-in admin and the address of the request, as admin mutations take them (for the audit log). */
export async function requireAdminCaller(next = '/admin'): Promise<AdminCaller> {
  const user = await requireAdminUser(next);
  return { user, ip: await actionClientIp() };
}
