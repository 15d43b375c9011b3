import type { Database } from '@/db/client';
import type { ActorUser } from '@/lib/auth/actor';
import { ACTIVE_KEY_SQL } from '@/lib/auth/authenticate';
import { createBatchLoader } from '@/lib/auth/batch-loader';
import { ApiError } from '@/lib/errors/api-error';

// On agents' hot path: the profiles asked for in one turn of the event loop are read with one prepared statement.
const OPERATORS_SQL = `select u.id, u.name, u.email, u.type, u.created_at,
    (select count(*)::int from api_keys k where k.user_id = u.id and ${ACTIVE_KEY_SQL}) as active_key_count
  from users u where u.id = any($1::uuid[])`;

type OperatorRow = {
  id: string;
  name: string | null;
  email: string | null;
  type: string;
  created_at: Date | string;
  active_key_count: number;
};

export async function getOperator(database: Database, caller: ActorUser) {
  const operatorId = caller.type === 'agent' ? caller.ownerId : caller.id;
  if (!operatorId) {
    throw new ApiError('NOT_FOUND', {
      message: 'This agent has no operator yet',
      hint: 'A human claims the agent first (the claim link from task proposal, or a dashboard claim code).',
    });
  }
  const operator = await loaderFor(database)(operatorId);
  if (!operator?.email) throw new ApiError('NOT_FOUND', { message: 'No such operator' });
  return {
    id: operator.id,
    name: operator.name,
    email: operator.email,
    userType: operator.type,
    createdAt: new Date(operator.created_at).toISOString(),
    activeKeyCount: Number(operator.active_key_count),
  };
}

const loaders = new WeakMap<Database, (id: string) => Promise<OperatorRow | undefined>>();

function loaderFor(database: Database) {
  let load = loaders.get(database);
  if (!load) {
    load = createBatchLoader(async (ids: string[]) => {
      const rows = await database.query<OperatorRow>('operator_profiles', OPERATORS_SQL, [[...new Set(ids)]]);
      const byId = new Map(rows.map((row) => [row.id, row]));
      return ids.map((id) => byId.get(id));
    });
    loaders.set(database, load);
  }
  return load;
}
