// A strict parser of the Prometheus text exposition format (version 0.0.4), for tests that scrape /metrics and
// read what Prometheus would. Anything outside the format throws: a malformed line, a sample outside the family its
// `# TYPE` announced, a type given twice or after its samples, and histogram series whose buckets are not
// cumulative or whose `+Inf` bucket differs from its `_count`.

export type MetricType = 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped';
export type Sample = { name: string; labels: Record<string, string>; value: number };
export type Family = { name: string; type: MetricType; help: string; samples: Sample[] };
export type HistogramSeries = {
  labels: Record<string, string>;
  buckets: Record<string, number>;
  count: number;
  sum: number;
};

export type Scrape = {
  families: Map<string, Family>;
  /** The first sample named `name` whose labels include `labels`. */
  sample(name: string, labels?: Record<string, string>): Sample | undefined;
  /** That sample's value; 0 when there is none (a counter not yet incremented). */
  value(name: string, labels?: Record<string, string>): number;
  /** The histogram series of family `name` whose labels include `labels`. */
  histogram(name: string, labels?: Record<string, string>): HistogramSeries | undefined;
};

export async function scrape(url: string, init?: RequestInit): Promise<Scrape> {
  const response = await fetch(url, init);
  if (response.status !== 200) throw new Error(`scrape of ${url} answered ${response.status}`);
  return parsePrometheusText(await response.text());
}

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const SAMPLE_LINE = new RegExp(`^(${NAME})(?:\\{(.*)\\})?[ \\t]+(\\S+)(?:[ \\t]+(-?\\d+))?$`);
const LABEL = /^[ \t]*([a-zA-Z_][a-zA-Z0-9_]*)[ \t]*=[ \t]*"((?:[^"\\\n]|\\[\\"n])*)"[ \t]*(,|$)/;
const TYPES = new Set<MetricType>(['counter', 'gauge', 'histogram', 'summary', 'untyped']);
const SUFFIXES: Record<MetricType, string[]> = {
  counter: [''],
  gauge: [''],
  untyped: [''],
  histogram: ['_bucket', '_sum', '_count'],
  summary: ['', '_sum', '_count'],
};

export function parsePrometheusText(text: string): Scrape {
  const families = new Map<string, Family>();
  const family = (name: string) => {
    let found = families.get(name);
    if (!found) {
      found = { name, type: 'untyped', help: '', samples: [] };
      families.set(name, found);
    }
    return found;
  };
  let current: Family | undefined;
  const lines = text.split('\n');
  if (lines.pop() !== '') throw new Error('the exposition must end with a newline');
  lines.forEach((line, index) => {
    const fail = (why: string): never => {
      throw new Error(`line ${index + 1}: ${why}: ${JSON.stringify(line)}`);
    };
    if (line.trim() === '') return;
    const meta = /^#[ \t]+(HELP|TYPE)[ \t]+(\S+)(?:[ \t]+(.*))?$/.exec(line);
    if (meta) {
      const [, kind, name = '', rest = ''] = meta;
      if (!new RegExp(`^${NAME}$`).test(name)) fail('bad metric name');
      const target = family(name);
      if (kind === 'TYPE') {
        if (target.samples.length > 0 || target.type !== 'untyped') fail('TYPE given twice or after samples');
        if (!TYPES.has(rest as MetricType)) fail('unknown type');
        target.type = rest as MetricType;
      } else target.help = rest.replace(/\\n/g, '\n').replace(/\\\\/g, '\\');
      current = target;
      return;
    }
    if (line.startsWith('#')) return;
    const match = SAMPLE_LINE.exec(line) ?? fail('not a sample');
    const [, name = '', labelText = '', rawValue = ''] = match;
    const owner =
      current && SUFFIXES[current.type].some((suffix) => `${current?.name}${suffix}` === name) ? current : undefined;
    const target =
      owner ?? (families.get(name)?.samples.length ? fail('samples of a family must be together') : family(name));
    current = target;
    target.samples.push({ name, labels: parseLabels(labelText, fail), value: parseValue(rawValue, fail) });
  });
  for (const parsed of families.values()) if (parsed.type === 'histogram') histogramSeries(parsed);

  const sample = (name: string, labels: Record<string, string> = {}) => {
    for (const parsed of families.values())
      for (const candidate of parsed.samples)
        if (candidate.name === name && includes(candidate.labels, labels)) return candidate;
    return undefined;
  };
  return {
    families,
    sample,
    value: (name, labels) => sample(name, labels)?.value ?? 0,
    histogram(name, labels = {}) {
      const parsed = families.get(name);
      if (parsed?.type !== 'histogram') return undefined;
      return histogramSeries(parsed).find((series) => includes(series.labels, labels));
    },
  };
}

function parseLabels(text: string, fail: (why: string) => never): Record<string, string> {
  const labels: Record<string, string> = {};
  let rest = text;
  while (rest.trim() !== '') {
    const match = LABEL.exec(rest) ?? fail('bad label');
    const [whole, name = '', escaped = ''] = match;
    if (name in labels) fail(`label ${name} given twice`);
    labels[name] = escaped.replace(/\\(.)/g, (_, char: string) => (char === 'n' ? '\n' : char));
    rest = rest.slice(whole.length);
  }
  return labels;
}

function parseValue(text: string, fail: (why: string) => never): number {
  // As Prometheus reads them (Go's ParseFloat): NaN and Inf in any case; prom-client writes NaN as `Nan`.
  if (/^nan$/i.test(text)) return Number.NaN;
  if (/^\+?inf(inity)?$/i.test(text)) return Number.POSITIVE_INFINITY;
  if (/^-inf(inity)?$/i.test(text)) return Number.NEGATIVE_INFINITY;
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text)) fail('bad value');
  return Number(text);
}

function histogramSeries(parsed: Family): HistogramSeries[] {
  const series = new Map<string, HistogramSeries>();
  for (const { name, labels, value } of parsed.samples) {
    const { le, ...rest } = labels;
    const key = JSON.stringify(Object.entries(rest).sort());
    let entry = series.get(key);
    if (!entry) {
      entry = { labels: rest, buckets: {}, count: Number.NaN, sum: Number.NaN };
      series.set(key, entry);
    }
    if (name.endsWith('_bucket')) {
      if (le === undefined) throw new Error(`${name}: a bucket without le`);
      entry.buckets[le] = value;
    } else if (name.endsWith('_count')) entry.count = value;
    else entry.sum = value;
  }
  for (const entry of series.values()) {
    const bounds = Object.entries(entry.buckets).sort(([a], [b]) => parseValue(a, fail) - parseValue(b, fail));
    bounds.reduce((previous, [le, count]) => {
      if (count < previous) throw new Error(`${parsed.name}: bucket le=${le} is not cumulative`);
      return count;
    }, 0);
    if (entry.buckets['+Inf'] !== entry.count) throw new Error(`${parsed.name}: +Inf bucket differs from _count`);
  }
  return [...series.values()];
}

function fail(why: string): never {
  throw new Error(why);
}

function includes(labels: Record<string, string>, wanted: Record<string, string>): boolean {
  return Object.entries(wanted).every(([name, value]) => labels[name] === value);
}
