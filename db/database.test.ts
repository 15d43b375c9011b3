import { describe, expectTypeOf, it } from 'vitest';
import type { Db, Executor, Tx } from './database';

describe('database handle types', () => {
  it('takes a transaction as an executor, never as the pool handle', () => {
    expectTypeOf<Db>().toExtend<Executor>();
    expectTypeOf<Tx>().toExtend<Executor>();
    // A Db's `transaction` is top-level and retried; a Tx's is a savepoint: the types keep them apart.
    expectTypeOf<Tx>().not.toExtend<Db>();
    expectTypeOf<Db>().not.toExtend<Tx>();
  });
});
