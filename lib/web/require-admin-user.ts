import { notFound } from 'next/navigation';
import { type Caller, isAdminCaller } from '@/lib/auth/admin';
import type { AdminCaller } from '@/lib/services/admin/admin-caller';
import { actionClientIp } from './action-client-ip';
import { requireBrowserCaller } from './require-browser-actor';

/**
 * The signed-in admin, as services take a caller, for an /admin page or action: an admin user through the
 * browser's session (isAdminCaller). Anyone else signed in gets the 404 page: the console is not advertised, as
 * the API answers 403 without saying more.
 */
export async function requireAdmin(next = '/admin'): Promise<Caller> {
  const caller = await requireBrowserCaller(next);
  if (!isAdminCaller(caller)) notFound();
  return caller;
}

/** The signed-in admin, its session and the address of the request, as admin mutations take them (the audit log). */
export async function requireAdminCaller(next = '/admin'): Promise<AdminCaller> {
  return { ...(await requireAdmin(next)), ip: await actionClientIp() };
}
