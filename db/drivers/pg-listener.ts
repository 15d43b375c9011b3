import pg from 'pg';
import type { ListenHandlers, Unlisten } from '../database';

/**
 * One dedicated LISTEN connection per database handle: a plain pg.Client, never a pool connection (a pooled
 * client would be handed to queries and its LISTENs lost). Every channel is LISTENed on it; when it drops it
 * reconnects with backoff, LISTENs again and calls every `onReconnect`, because notifications sent while it was
 * away are gone (Postgres keeps none for absent listeners).
 */
export type PgListener = {
  listen(channel: string, handlers: ListenHandlers): Promise<Unlisten>;
  /** The server process id of the listening connection (tests terminate it to prove the reconnect). */
  backendPid(): number | undefined;
  close(): Promise<void>;
};

const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;
const MAX_BACKOFF_MS = 5_000;

export function createPgListener(url: string, applicationName = 'legwork-listener'): PgListener {
  const handlers = new Map<string, Set<ListenHandlers>>();
  let client: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let pid: number | undefined;
  let closed = false;
  let backoff = 250;
  let retry: NodeJS.Timeout | undefined;

  const dispatch = (message: pg.Notification) => {
    for (const handler of handlers.get(message.channel) ?? []) handler.onNotify(message.payload ?? '');
  };

  const lost = (dead: pg.Client) => {
    if (client !== dead) return;
    client = undefined;
    pid = undefined;
    dead.end().catch(() => {});
    scheduleReconnect();
  };

  const scheduleReconnect = () => {
    if (closed || retry || handlers.size === 0) return;
    retry = setTimeout(() => {
      retry = undefined;
      connect().then(
        () => {
          backoff = 250;
          for (const set of handlers.values()) for (const handler of set) handler.onReconnect();
        },
        () => {
          backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
          scheduleReconnect();
        },
      );
    }, backoff);
    retry.unref();
  };

  const connect = (): Promise<pg.Client> => {
    if (client) return Promise.resolve(client);
    connecting ??= (async () => {
      const fresh = new pg.Client({ connectionString: url, keepAlive: true, application_name: applicationName });
      fresh.on('error', () => lost(fresh));
      fresh.on('end', () => lost(fresh));
      fresh.on('notification', dispatch);
      try {
        await fresh.connect();
        for (const channel of handlers.keys()) await fresh.query(`LISTEN ${channel}`);
        const { rows } = await fresh.query<{ pid: number }>('select pg_backend_pid() as pid');
        if (closed) throw new Error('listener closed');
        client = fresh;
        pid = rows[0]?.pid;
        return fresh;
      } catch (error) {
        fresh.removeAllListeners('end');
        await fresh.end().catch(() => {});
        throw error;
      }
    })().finally(() => {
      connecting = undefined;
    });
    return connecting;
  };

  return {
    async listen(channel, handler) {
      if (!CHANNEL.test(channel)) throw new Error(`invalid channel name: ${channel}`);
      const set = handlers.get(channel) ?? new Set();
      const first = set.size === 0;
      set.add(handler);
      handlers.set(channel, set);
      try {
        const listening = await connect();
        // A fresh connection LISTENs to every registered channel itself; an existing one needs this one added.
        if (first) await listening.query(`LISTEN ${channel}`);
      } catch (error) {
        set.delete(handler);
        if (set.size === 0) handlers.delete(channel);
        throw error;
      }
      return async () => {
        set.delete(handler);
        if (set.size > 0 || handlers.get(channel) !== set) return;
        handlers.delete(channel);
        await client?.query(`UNLISTEN ${channel}`).catch(() => {});
      };
    },
    backendPid: () => pid,
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      handlers.clear();
      const open = client ?? (await connecting?.catch(() => undefined));
      client = undefined;
      if (open) {
        open.removeAllListeners('end');
        await open.end().catch(() => {});
      }
    },
  };
}
