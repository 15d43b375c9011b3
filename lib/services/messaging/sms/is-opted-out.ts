import { eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { smsOptOuts } from '@/db/schema';

export async function isOptedOut(db: Executor, phone: string) {
  const [row] = await db.select({ phone: smsOptOuts.phone }).from(smsOptOuts).where(eq(smsOptOuts.phone, phone));
  return row !== undefined;
}
