import type { Database } from '@/db/client';
import type { Cluster } from './cluster';
import type { FaultLog } from './faults';
import type { Sample } from './http';
import type { Journal } from './journal';
import type { Receivers } from './receivers';

// What every end-of-run check gets (what the clients were told, the database, the faults) and gives back.

export type Check = { name: string; pass: boolean; figures: string; details: string[] };

export type Inputs = {
  samples: Sample[];
  journal: Journal;
  faults: FaultLog;
  cluster: Cluster;
  database: Database;
  receivers: Receivers;
  endpointIds: string[];
  graceSeconds: number;
};

export function check(name: string, details: string[], figures: string): Check {
  return { name, pass: details.length === 0, figures, details: details.slice(0, 10) };
}
