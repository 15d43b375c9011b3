export type ChartBar = { key: string; label: string; value: number; title: string };

/**
 * A small bar chart drawn as SVG on the server: one bar a point, its `label` under it and its `title` as the
 * tooltip. Scaled to the largest value. Screen readers get `label` and a list of the titles instead.
 */
export function BarChart({ bars, label, testId }: { bars: ChartBar[]; label: string; testId?: string }) {
  const max = Math.max(1, ...bars.map((bar) => bar.value));
  const width = 28;
  const height = 100;
  return (
    <figure aria-label={label}>
      <svg
        viewBox={`0 0 ${Math.max(1, bars.length) * width} ${height + 20}`}
        className="h-40 w-full"
        aria-hidden="true"
        data-testid={testId}
      >
        {bars.map((bar, index) => {
          const barHeight = Math.round((bar.value / max) * height);
          return (
            <g key={bar.key}>
              <title>{bar.title}</title>
              <rect
                x={index * width + 4}
                y={height - barHeight}
                width={width - 8}
                height={barHeight}
                className="fill-stone-700"
              />
              <text
                x={index * width + width / 2}
                y={height + 14}
                textAnchor="middle"
                className="fill-stone-500 text-[8px]"
              >
                {bar.label}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="sr-only">
        <ul>
          {bars.map((bar) => (
            <li key={bar.key}>{bar.title}</li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
