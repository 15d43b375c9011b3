type Pending<K, V> = { key: K; resolve: (value: V) => void; reject: (error: unknown) => void };

/**
 * Collects the keys asked for during one turn of the event loop and fetches them with one call, like
 * DataLoader. Under load many requests authenticate in the same turn, so they share one database round
 * trip; alone, a request waits no longer than a setImmediate.
 */
export function createBatchLoader<K, V>(
  fetchMany: (keys: K[]) => Promise<V[]>,
  maxBatch = 100,
): (key: K) => Promise<V> {
  let pending: Pending<K, V>[] = [];
  let scheduled = false;

  const flush = () => {
    scheduled = false;
    const batch = pending.slice(0, maxBatch);
    pending = pending.slice(maxBatch);
    if (pending.length > 0) schedule();
    fetchMany(batch.map((entry) => entry.key)).then(
      (values) => {
        for (const [index, entry] of batch.entries()) entry.resolve(values[index] as V);
      },
      (error) => {
        for (const entry of batch) entry.reject(error);
      },
    );
  };

  const schedule = () => {
    scheduled = true;
    setImmediate(flush);
  };

  return (key) =>
    new Promise<V>((resolve, reject) => {
      pending.push({ key, resolve, reject });
      if (!scheduled) schedule();
    });
}
