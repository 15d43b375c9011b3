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
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'OTHER'];
const METHOD_INDEX = new Map(METHODS.map((method, index) => [method, index]));
const OTHER = METHODS.length - 1;
/** Status classes 1xx to 5xx; anything else (0 for a dropped connection, 6xx) counts as `other`. */
const CLASSES = ['other', '1xx', '2xx', '3xx', '4xx', '5xx'];

type Children = { count: { inc(): void }; duration: { observe(seconds: number): void } };

/**
 * The request counter and latency histogram. This runs on every API request (~10k/s), so nothing is built per
 * call: each operation's children sit in a slot per method and status class, looked up once and kept.
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
  const byOperation = new Map<string, (Children | undefined)[]>();
  const children = (operation: string, method: number, statusClass: number): Children => {
    let slots = byOperation.get(operation);
    if (!slots) {
      slots = [];
      byOperation.set(operation, slots);
    }
    const slot = method * CLASSES.length + statusClass;
    let found = slots[slot];
    if (!found) {
      const labels = [operation, METHODS[method] as string, CLASSES[statusClass] as string] as const;
      found = { count: count.labels(...labels), duration: duration.labels(...labels) };
      slots[slot] = found;
    }
    return found;
  };
  return {
    observe({ operation, method, status, seconds }) {
      const statusClass = status >= 100 && status < 600 ? Math.trunc(status / 100) : 0;
      const child = children(operation, METHOD_INDEX.get(method) ?? OTHER, statusClass);
      child.count.inc();
      child.duration.observe(seconds);
    },
  };
}
