import { formatChf, formatWholeNumber } from '@common/format.ts';
import { monthLabel, monthShortLabel, type FinanceMonth } from '../lib/finance';

const WIDTH = 360;
const HEIGHT = 160;
const AXIS = 20;
const GAP = 4;

/**
 * Received per month as bars, in the dashboard's chart style (an SVG of our own, no chart
 * library). The drawing is hidden from screen readers: the table beside it carries the numbers.
 */
export function MonthBars({ months }: { months: FinanceMonth[] }) {
  const value = (month: FinanceMonth) => month.receivedCents / 100;
  const max = Math.max(1, ...months.map(value));
  const slot = WIDTH / Math.max(1, months.length);
  const chartHeight = HEIGHT - AXIS;
  const every = Math.ceil(months.length / 12);
  return (
    <figure className="space-y-2">
      <figcaption className="text-sm font-medium">Erhalten pro Monat (CHF)</figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-auto w-full text-primary"
        aria-hidden="true"
        focusable="false"
      >
        <line x1={0} x2={WIDTH} y1={chartHeight} y2={chartHeight} className="stroke-border" />
        {months.map((month, index) => {
          const height = (Math.max(0, value(month)) / max) * (chartHeight - 14);
          const x = index * slot + GAP / 2;
          const centre = x + (slot - GAP) / 2;
          return (
            <g key={month.month}>
              <rect
                x={x}
                y={chartHeight - height}
                width={slot - GAP}
                height={height}
                rx={2}
                className="fill-current"
              />
              {value(month) > 0 && months.length <= 12 ? (
                <text
                  x={centre}
                  y={chartHeight - height - 3}
                  textAnchor="middle"
                  className="fill-foreground text-[9px]"
                >
                  {formatWholeNumber(Math.round(value(month)))}
                </text>
              ) : null}
              {index % every === 0 ? (
                <text
                  x={centre}
                  y={HEIGHT - 5}
                  textAnchor="middle"
                  className="fill-muted-foreground text-[9px]"
                >
                  {monthShortLabel(month.month)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <table className="sr-only">
        <caption>Erhalten pro Monat</caption>
        <thead>
          <tr>
            <th scope="col">Monat</th>
            <th scope="col">Erhalten</th>
          </tr>
        </thead>
        <tbody>
          {months.map((month) => (
            <tr key={month.month}>
              <th scope="row">{monthLabel(month.month)}</th>
              <td>{formatChf(value(month))}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
