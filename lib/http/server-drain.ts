import type http from 'node:http';
import { isDraining } from './draining';

// How often a draining server closes the connections whose last answer has gone out: an answer that began before
// the drain may already have promised keep-alive.
const SWEEP_IDLE_MS = 50;

/**
 * A server's requests in flight, so that a shutdown can let them finish. `listener` wraps the server's request
 * listener: while draining, every answer says `Connection: close`, so a keep-alive client opens its next
 * connection elsewhere instead of having this one reset under it.
 */
export class ServerDrain {
  private readonly open = new Set<http.ServerResponse>();

  constructor(private readonly server: http.Server) {}

  listener(inner: http.RequestListener): http.RequestListener {
    return (req, res) => {
      this.open.add(res);
      res.once('close', () => this.open.delete(res));
      if (isDraining()) res.setHeader('connection', 'close');
      inner(req, res);
    };
  }

  /** Requests being answered now. */
  get inFlight(): number {
    return this.open.size;
  }

  /**
   * Stops accepting connections and lets the requests in flight finish until `deadline` (`Date.now()` ms), then
   * closes what is left. Resolves once every connection is closed: true if they all finished in time.
   */
  async drain(deadline: number): Promise<boolean> {
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const res of this.open) if (!res.headersSent) res.setHeader('connection', 'close');
    const sweep = setInterval(() => this.server.closeIdleConnections(), SWEEP_IDLE_MS);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), Math.max(0, deadline - Date.now()));
    });
    try {
      const inTime = await Promise.race([closed.then(() => true as const), late]);
      if (!inTime) {
        this.server.closeAllConnections();
        await closed;
      }
      return inTime;
    } finally {
      clearInterval(sweep);
      clearTimeout(timer);
    }
  }
}
