/** A small bar chart of requests per day, drawn as SVG on the server. */
export function RequestsChart({ days }: { days: { date: string; requests: number }[] }) {
  const max = Math.max(1, ...days.map((day) => day.requests));
  const width = 28;
  const height = 100;
  return (
    <svg
      viewBox={`0 0 ${days.length * width} ${height + 20}`}
      className="h-40 w-full"
      role="img"
      aria-label="Requests per day"
      data-testid="requests-chart"
    >
      {days.map((day, index) => {
        const barHeight = Math.round((day.requests / max) * height);
        return (
          <g key={day.date}>
            <title>{`${day.date}: ${day.requests} requests`}</title>
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
              {day.date.slice(8)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
