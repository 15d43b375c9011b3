// What the clients were told, written down as it happens (the "history" of a Jepsen-style check): the checks
// compare it with what the database holds once the run is over.

export type TaskRecord = {
  opId: string;
  agentId: string;
  funding: 'x402' | 'card';
  /** The final answer to the create (201, 402, …; 0 when no answer came). */
  status: number;
  taskId?: string;
  booking?: boolean;
  end?: 'approved' | 'cancelled' | 'disputed' | 'open';
};

export type MessageRecord = { opId: string; taskId: string; side: 'requester' | 'worker'; status: number; id?: string };

export type PollRecord = {
  taskId: string;
  /** Worker messages acknowledged (200 from the sandbox), in order. */
  sent: string[];
  /** Ids a waiter got while parked (answer after > 250 ms), and ids a poll got at once from its cursor. */
  woken: Set<string>;
  caught: Set<string>;
};

export class Journal {
  readonly tasks: TaskRecord[] = [];
  readonly messages: MessageRecord[] = [];
  readonly polls = new Map<string, PollRecord>();
  readonly disputes: { taskId: string; resolved: boolean }[] = [];
  readonly unexpected: { op: string; status: number; body: string }[] = [];

  poll(taskId: string): PollRecord {
    let record = this.polls.get(taskId);
    if (!record) {
      record = { taskId, sent: [], woken: new Set(), caught: new Set() };
      this.polls.set(taskId, record);
    }
    return record;
  }

  /** An answer no scenario expects (a 409 where none should be, a 4xx from a valid request): shown, not fatal. */
  note(op: string, status: number, body: unknown) {
    if (this.unexpected.length < 200) this.unexpected.push({ op, status, body: JSON.stringify(body).slice(0, 300) });
  }
}
