import { Counter, Histogram, type Registry } from 'prom-client';

export type ApiRequestObservation = {
  /** The operationId (e.g. `getTask`), or `unmatched` for a path no operation serves. */
  operation: string;
  method: string;
  status: number;
  seconds: number;
};

// From a 1 ms cache hit to a long poll's 50 s (and a stuck request's 60 s).
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

// A client may send any method to any path: only these become label values, so it cannot mint new series.
const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

type Children = { count: { inc(): void }; duration: { observe(seconds: number): void } };

/**
 * The request counter and latency histogram. This runs on every API request (~10k/s): each label combination's
 * children are looked up once and kept, so an observation is one Map lookup and two increments.
 */
export function createApiRequestMetrics(registry: Registry): { observe(observation: ApiRequestObservation): void } {
  const labelNames = ['operation', 'method', 'status_class'] as const;
  const count = new Counter({
    name: 'legwork_api_requests_total',
    help: 'API requests answered, by operation, method and status class.',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'legwork_api_request_duration_seconds',
    help: 'Time from the request to its answer, by operation, method and status class (long polls included).',
    labelNames,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const children = new Map<string, Children>();
  return {
    observe({ operation, method, status, seconds }) {
      const verb = KNOWN_METHODS.has(method) ? method : 'OTHER';
      const statusClass = `${Math.trunc(status / 100)}xx`;
      const key = `${operation} ${verb} ${statusClass}`;
      let child = children.get(key);
      if (!child) {
        child = {
          count: count.labels(operation, verb, statusClass),
          duration: duration.labels(operation, verb, statusClass),
        };
        children.set(key, child);
      }
      child.count.inc();
      child.duration.observe(seconds);
    },
  };
}
