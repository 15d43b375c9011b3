// Whether this instance is shutting down: health answers 503 and every answer closes its connection, so a load
// balancer sends the next requests elsewhere. On globalThis: server.ts and Next's bundle each load their own copy
// of lib/, and the health route Next could serve must see the flag server.ts raised.
const holder = globalThis as typeof globalThis & { __legworkDraining?: boolean };

export function isDraining(): boolean {
  return holder.__legworkDraining === true;
}

/** Marks the instance as draining; there is no way back (a test resets it with `false`). */
export function setDraining(draining = true): void {
  holder.__legworkDraining = draining;
}
