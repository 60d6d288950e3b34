import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

export interface MoneyBarsProps {
  data: Array<{ day: string; sales: number; in: number; out: number }>;
  money: (amount: number) => string;
  /** An axis number in the page's language (24,000 / 24.000). */
  axis: (amount: number) => string;
  names: { sales: string; in: string; out: string };
}

/** The dashboard's sales, money in and out per day as bars (recharts, loaded with the first chart: dashboard.tsx). */
export default function MoneyBars({ data, money, axis, names }: MoneyBarsProps) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="day" fontSize={11} />
        <YAxis fontSize={11} width={64} tickFormatter={(value) => axis(Number(value))} />
        <Tooltip formatter={(value) => money(Number(value))} />
        <Legend />
        <Bar dataKey="sales" name={names.sales} fill="#047857" />
        <Bar dataKey="in" name={names.in} fill="#4338ca" />
        <Bar dataKey="out" name={names.out} fill="#b91c1c" />
      </BarChart>
    </ResponsiveContainer>
  );
}
