import type { QueuedPhoto, QueuedSubmit } from './proof-queue';

// The offline proof queue's IndexedDB: `photos` (by upload key, indexed by task) and `submits` (by task). public/sw.js
// opens the same database by the same names; a change to them changes both.

export const PROOF_DB = 'legwork-offline';
const VERSION = 1;
type Stores = { photos: QueuedPhoto; submits: QueuedSubmit };
type StoreName = keyof Stores;

let opened: Promise<IDBDatabase> | undefined;

function database(): Promise<IDBDatabase> {
  opened ??= new Promise((resolve, reject) => {
    const request = indexedDB.open(PROOF_DB, VERSION);
    request.onupgradeneeded = () => {
      const db = request.result;
      db.createObjectStore('photos', { keyPath: 'key' }).createIndex('taskId', 'taskId');
      db.createObjectStore('submits', { keyPath: 'taskId' });
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => {
      opened = undefined;
      reject(request.error);
    };
  });
  return opened;
}

const done = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });

async function run<T>(name: StoreName, mode: IDBTransactionMode, work: (store: IDBObjectStore) => Promise<T>) {
  const transaction = (await database()).transaction(name, mode);
  const finished = new Promise<void>((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onabort = () => reject(transaction.error);
  });
  const result = await work(transaction.objectStore(name));
  await finished;
  return result;
}

export function putRecord<N extends StoreName>(name: N, record: Stores[N]): Promise<unknown> {
  return run(name, 'readwrite', (store) => done(store.put(record)));
}

export function readRecord<N extends StoreName>(name: N, key: string): Promise<Stores[N] | undefined> {
  return run(name, 'readonly', (store) => done(store.get(key) as IDBRequest<Stores[N] | undefined>));
}

export function allRecords<N extends StoreName>(name: N): Promise<Stores[N][]> {
  return run(name, 'readonly', (store) => done(store.getAll() as IDBRequest<Stores[N][]>));
}

export function taskPhotos(taskId: string): Promise<QueuedPhoto[]> {
  return run('photos', 'readonly', (store) => done(store.index('taskId').getAll(taskId) as IDBRequest<QueuedPhoto[]>));
}

export function deletePhoto(key: string): Promise<unknown> {
  return run('photos', 'readwrite', (store) => done(store.delete(key)));
}

/** Forgets a task's proof on this device: its photos and its submit. */
export async function discardTask(taskId: string): Promise<void> {
  for (const photo of await taskPhotos(taskId)) await deletePhoto(photo.key);
  await run('submits', 'readwrite', (store) => done(store.delete(taskId)));
}

/**
 * Takes the record for one attempt if `may` allows it, atomically (the page and the service worker may both be
 * sending): it is marked `uploading`, and the claimed copy is returned; undefined when another sender has it.
 */
export function claimRecord<N extends StoreName>(
  name: N,
  key: string,
  may: (record: Stores[N]) => boolean,
): Promise<Stores[N] | undefined> {
  return run(name, 'readwrite', async (store) => {
    const record = (await done(store.get(key))) as Stores[N] | undefined;
    if (!record || !may(record)) return undefined;
    const claimed = { ...record, state: 'uploading', claimedAt: Date.now() } as Stores[N];
    await done(store.put(claimed));
    return claimed;
  });
}
