import type { AnalyticsDay } from '@shared/admin';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDay, formatLongDay } from './analytics-format';

/**
 * One series of the Analytics tab as bars, a day each. Only this module imports recharts, and the
 * tab loads it lazily, so neither the home page nor the other dashboards pay for it.
 */
export function DailyBarChart({
  days,
  series,
  color,
  formatValue,
  formatTick = formatValue,
  minTop = 4,
}: {
  days: AnalyticsDay[];
  series: 'revenueCents' | 'completedSessions';
  color: string;
  formatValue: (value: number) => string;
  formatTick?: (value: number) => string;
  /** The axis reaches at least this high, so a quiet month still has readable steps (not five "$0"). */
  minTop?: number;
}) {
  return (
    <ResponsiveContainer width="100%" height={220}>
      <BarChart data={days} margin={{ top: 8, right: 4, bottom: 0, left: 0 }}>
        <CartesianGrid vertical={false} stroke="var(--border)" />
        <XAxis
          dataKey="date"
          tickFormatter={formatDay}
          tickLine={false}
          axisLine={false}
          minTickGap={16}
          tick={{ fill: 'var(--muted-foreground)', fontSize: 12 }}
        />
        <YAxis
          width={56}
          domain={[0, (dataMax: number) => Math.max(dataMax, minTop)]}
          allowDecimals={false}
          tickFormatter={formatTick}
          tickLine={false}
          axisLine={false}
          tick={{ fill: 'var(--muted-foreground)', fontSize: 12 }}
        />
        <Tooltip
          cursor={{ fill: 'var(--muted)', opacity: 0.4 }}
          contentStyle={{
            background: 'var(--popover)',
            border: '1px solid var(--border)',
            borderRadius: 8,
            color: 'var(--popover-foreground)',
          }}
          labelFormatter={(date) => formatLongDay(String(date))}
          formatter={(value) => [
            formatValue(Number(value)),
            series === 'revenueCents' ? 'Revenue' : 'Completed readings',
          ]}
        />
        <Bar dataKey={series} fill={color} radius={[4, 4, 0, 0]} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
