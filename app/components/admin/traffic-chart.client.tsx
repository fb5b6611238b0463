import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

/**
 * The Recharts chart itself; only ever loaded in the browser, from the admin dashboard. It is a
 * picture of the table beside it and hidden from assistive technology, so it takes no keyboard focus.
 */
export default function TrafficChart({ data, label }: { data: { day: string; views: number }[]; label: string }) {
  return (
    <ResponsiveContainer width="100%" height={240}>
      <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }} accessibilityLayer={false}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis
          dataKey="day"
          tickFormatter={(day: string) => day.slice(8)}
          tick={{ fontSize: 11 }}
          interval="preserveStartEnd"
        />
        <YAxis allowDecimals={false} tick={{ fontSize: 11 }} width={48} />
        <Tooltip formatter={(value) => [value, label]} />
        <Bar dataKey="views" name={label} fill="#0f766e" radius={[3, 3, 0, 0]} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
