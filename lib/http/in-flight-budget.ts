/** Why a reservation was refused: the key holds its most at once, or the process its most bytes. */
export type BudgetRefusal = 'key' | 'total';

export type InFlightBudgetLimits = {
  /** Reservations one key (a user) may hold at once. */
  perKey: number;
  /** Bytes all reservations together may hold. */
  totalBytes: number;
};

/**
 * A counting semaphore over bytes held in memory by this process, bounded per key and in total, that refuses rather
 * than queues (a queued request would hold its connection and body anyway). `tryAcquire` answers a release
 * function, called once the bytes are let go (a second call does nothing), or why it refused.
 */
export class InFlightBudget {
  private readonly perKey = new Map<string, number>();
  private totalBytes = 0;

  constructor(private readonly limits: InFlightBudgetLimits) {}

  tryAcquire(key: string, bytes: number): (() => void) | BudgetRefusal {
    const held = this.perKey.get(key) ?? 0;
    if (held >= this.limits.perKey) return 'key';
    if (this.totalBytes + bytes > this.limits.totalBytes) return 'total';
    this.perKey.set(key, held + 1);
    this.totalBytes += bytes;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.totalBytes -= bytes;
      const left = (this.perKey.get(key) ?? 1) - 1;
      if (left > 0) this.perKey.set(key, left);
      else this.perKey.delete(key);
    };
  }

  /** What is held now (for tests and metrics). */
  usage(key?: string): { count: number; totalBytes: number } {
    return { count: key ? (this.perKey.get(key) ?? 0) : this.perKey.size, totalBytes: this.totalBytes };
  }
}
