export type ChartBar = { key: string; label: string; value: number; title: string };

/**
 * A small bar chart drawn as SVG on the server: one bar a point, its value above it, its `label` under it
 * and its `title` as the tooltip; a y axis from 0 to the largest value with a middle gridline. The SVG
 * scales to its card's width (390 px screens included). Screen readers get `label` and the titles instead.
 * `format` writes the ticks and the values above the bars (money as "$1.2K"); plain numbers by default.
 */
export function BarChart({
  bars,
  label,
  testId,
  format = String,
}: {
  bars: ChartBar[];
  label: string;
  testId?: string;
  format?: (value: number) => string;
}) {
  const max = Math.max(1, ...bars.map((bar) => bar.value));
  const width = 28;
  const height = 100;
  const top = 12;
  const axis = 24;
  const plotWidth = Math.max(1, bars.length) * width;
  const ticks = [max, Math.round(max / 2), 0].filter((tick, index, all) => all.indexOf(tick) === index);
  return (
    <figure aria-label={label} className="w-full max-w-full overflow-hidden">
      <svg
        viewBox={`0 0 ${axis + plotWidth} ${top + height + 20}`}
        className="h-44 w-full"
        preserveAspectRatio="xMidYMid meet"
        aria-hidden="true"
        data-testid={testId}
      >
        {ticks.map((tick) => {
          const y = top + height - Math.round((tick / max) * height);
          return (
            <g key={tick} data-testid="chart-tick">
              <line x1={axis} x2={axis + plotWidth} y1={y} y2={y} className="stroke-stone-200" strokeWidth={0.5} />
              <text x={axis - 3} y={y + 3} textAnchor="end" className="fill-stone-500 text-[8px]">
                {format(tick)}
              </text>
            </g>
          );
        })}
        <line x1={axis} x2={axis} y1={top} y2={top + height} className="stroke-stone-300" strokeWidth={0.5} />
        {bars.map((bar, index) => {
          const barHeight = Math.round((bar.value / max) * height);
          const x = axis + index * width;
          return (
            <g key={bar.key} data-testid="chart-bar">
              <title>{bar.title}</title>
              {/* A transparent column the full height, so the tooltip shows over short and empty bars too. */}
              <rect x={x} y={top} width={width} height={height} fill="transparent" />
              <rect
                x={x + 4}
                y={top + height - barHeight}
                width={width - 8}
                height={barHeight}
                className="fill-stone-700"
              />
              {bar.value > 0 && (
                <text
                  x={x + width / 2}
                  y={top + height - barHeight - 3}
                  textAnchor="middle"
                  className="fill-stone-700 text-[8px]"
                >
                  {format(bar.value)}
                </text>
              )}
              <text x={x + width / 2} y={top + height + 14} textAnchor="middle" className="fill-stone-500 text-[8px]">
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
