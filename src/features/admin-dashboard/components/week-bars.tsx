import { weekLabel, type WeekFigures } from '../lib/charts';

const WIDTH = 360;
const HEIGHT = 160;
const AXIS = 20;
const GAP = 4;

interface WeekBarsProps {
  /** The figure's caption, also the table's. */
  title: string;
  weeks: WeekFigures[];
  value: (week: WeekFigures) => number;
  /** The value in the table (screen readers). */
  format: (value: number) => string;
  /** The short value above a bar. */
  label: (value: number) => string;
}

/**
 * One bar per week, drawn as an SVG of our own (no chart library in the admin chunk). The
 * drawing is hidden from screen readers; the table beside it carries the same numbers.
 */
export function WeekBars({ title, weeks, value, format, label }: WeekBarsProps) {
  const max = Math.max(1, ...weeks.map(value));
  const slot = WIDTH / Math.max(1, weeks.length);
  const chartHeight = HEIGHT - AXIS;
  return (
    <figure className="space-y-2">
      <figcaption className="text-sm font-medium">{title}</figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-auto w-full text-primary"
        aria-hidden="true"
        focusable="false"
      >
        <line x1={0} x2={WIDTH} y1={chartHeight} y2={chartHeight} className="stroke-border" />
        {weeks.map((week, index) => {
          const height = (value(week) / max) * (chartHeight - 14);
          const x = index * slot + GAP / 2;
          return (
            <g key={week.weekStart}>
              <rect
                x={x}
                y={chartHeight - height}
                width={slot - GAP}
                height={height}
                rx={2}
                className="fill-current"
              />
              {value(week) > 0 ? (
                <text
                  x={x + (slot - GAP) / 2}
                  y={chartHeight - height - 3}
                  textAnchor="middle"
                  className="fill-foreground text-[9px]"
                >
                  {label(value(week))}
                </text>
              ) : null}
              {index % 2 === weeks.length % 2 ? null : (
                <text
                  x={x + (slot - GAP) / 2}
                  y={HEIGHT - 5}
                  textAnchor="middle"
                  className="fill-muted-foreground text-[9px]"
                >
                  {weekLabel(week.weekStart)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <table className="sr-only">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">Woche ab</th>
            <th scope="col">{title}</th>
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week.weekStart}>
              <th scope="row">{weekLabel(week.weekStart)}</th>
              <td>{format(value(week))}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
