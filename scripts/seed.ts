// `npm run db:seed`: a demo operator to sign in with on a fresh database. Safe to run twice.

import { databaseConfigFromEnv, openDatabase } from '@/db/client';
import { users } from '@/db/schema';
import { hashPassword } from '@/lib/auth/passwords';

const email = process.env.SEED_EMAIL ?? 'demo@legwork.local';
const password = process.env.SEED_PASSWORD ?? 'legwork-demo-password';

const database = await openDatabase(databaseConfigFromEnv());
const inserted = await database.db
  .insert(users)
  .values({ email, name: 'Demo Operator', passwordHash: await hashPassword(password) })
  .onConflictDoNothing({ target: users.email })
  .returning({ id: users.id });
await database.close();
console.log(inserted.length ? `created ${email} / ${password}` : `${email} already exists`);
