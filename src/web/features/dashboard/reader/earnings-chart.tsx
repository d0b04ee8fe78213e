import { formatCents } from '@shared/money';
import type { ReaderEarnings } from '@shared/reader-dashboard';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "2026-11-21" → "Nov 21": the date is the reader's calendar day, so it is read as written, not through a zone. */
export function shortDate(date: string): string {
  const [, month, day] = date.split('-').map(Number);
  return `${MONTHS[month! - 1]} ${day}`;
}

/** The daily earnings of the last 30 days as bars; loaded with the Earnings tab only. */
export default function EarningsChart({ daily }: { daily: ReaderEarnings['daily'] }) {
  const data = daily.map((day) => ({ ...day, label: shortDate(day.date), dollars: day.earningsCents / 100 }));
  return (
    <div className="h-64 w-full" data-testid="earnings-chart">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="var(--border)" />
          <XAxis
            dataKey="label"
            tick={{ fontSize: 12, fill: 'var(--muted-foreground)' }}
            interval="preserveStartEnd"
            minTickGap={16}
            tickLine={false}
          />
          <YAxis
            width={48}
            tick={{ fontSize: 12, fill: 'var(--muted-foreground)' }}
            tickFormatter={(dollars: number) => `$${dollars}`}
            allowDecimals={false}
            tickLine={false}
            axisLine={false}
          />
          <Tooltip
            cursor={{ fill: 'var(--muted)', opacity: 0.4 }}
            contentStyle={{
              background: 'var(--card)',
              border: '1px solid var(--border)',
              borderRadius: 8,
              color: 'var(--foreground)',
            }}
            formatter={(_value, _name, item) => [
              formatCents(item.payload.earningsCents),
              `${item.payload.sessions} session${item.payload.sessions === 1 ? '' : 's'}`,
            ]}
            labelFormatter={(label) => String(label)}
          />
          <Bar dataKey="dollars" name="Earnings" fill="var(--gold)" radius={[4, 4, 0, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
