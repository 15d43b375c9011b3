import { collectDefaultMetrics, Registry } from 'prom-client';
import { type ApiRequestObservation, createApiRequestMetrics } from './api-request-metrics';
import { registerRuntimeGauges } from './runtime-gauges';

type Metrics = { registry: Registry; observe(observation: ApiRequestObservation): void };

// On globalThis: server.ts and Next's bundle each load their own copy of lib/, and both must count into the one
// registry that is scraped. The default metrics (event-loop lag, heap, GC, handles) start collecting once.
const holder = globalThis as typeof globalThis & { __legworkMetrics?: Metrics };

function metrics(): Metrics {
  if (!holder.__legworkMetrics) {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    registerRuntimeGauges(registry);
    holder.__legworkMetrics = { registry, ...createApiRequestMetrics(registry) };
  }
  return holder.__legworkMetrics;
}

/** The process's one Prometheus registry. */
export function metricsRegistry(): Registry {
  return metrics().registry;
}

/** Counts one answered API request and its duration (the router calls it as each answer ends). */
export function observeApiRequest(observation: ApiRequestObservation): void {
  metrics().observe(observation);
}

export type { ApiRequestObservation };
