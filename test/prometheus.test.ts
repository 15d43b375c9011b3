import { describe, expect, it } from 'vitest';
import { parsePrometheusText } from './prometheus';

// The scrape tests trust this parser to read what Prometheus would and to reject what it would not.
describe('parsePrometheusText', () => {
  it('reads labels with escapes, special values and labelled histograms', () => {
    const metrics = parsePrometheusText(
      [
        '# HELP req Requests.',
        '# TYPE req counter',
        'req{path="C:\\\\x",quote="say \\"hi\\"\\n"} 3',
        '# TYPE lag gauge',
        'lag Nan',
        'lag_untyped +Inf',
        '# TYPE d histogram',
        'd_bucket{le="0.1",op="a"} 1',
        'd_bucket{op="a",le="+Inf"} 2',
        'd_sum{op="a"} 0.7',
        'd_count{op="a"} 2',
        '',
      ].join('\n'),
    );
    expect(metrics.sample('req')?.labels).toEqual({ path: 'C:\\x', quote: 'say "hi"\n' });
    expect(metrics.value('req')).toBe(3);
    expect(metrics.value('lag')).toBeNaN();
    expect(metrics.value('lag_untyped')).toBe(Number.POSITIVE_INFINITY);
    expect(metrics.histogram('d', { op: 'a' })).toEqual({
      labels: { op: 'a' },
      buckets: { '0.1': 1, '+Inf': 2 },
      count: 2,
      sum: 0.7,
    });
  });

  it('rejects what is not the text format', () => {
    const bad = [
      'no newline at the end 1',
      'bad-name 1\n',
      'x{a="1" 1\n',
      'x{a="1",a="2"} 1\n',
      'x one\n',
      '# TYPE x gauge\n# TYPE x counter\n',
      '# TYPE x nonsense\n',
      '# TYPE h histogram\nh_bucket{le="1"} 2\nh_bucket{le="+Inf"} 1\nh_count 1\nh_sum 1\n',
      '# TYPE h histogram\nh_bucket{le="+Inf"} 2\nh_count 3\nh_sum 1\n',
      '# TYPE a gauge\na 1\n# TYPE b gauge\nb 1\na 2\n',
    ];
    for (const text of bad) expect(() => parsePrometheusText(text), text).toThrow();
  });
});
