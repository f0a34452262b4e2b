import { usePointsLedger } from '../api/points-ledger.ts';

export function PointsHistory() {
  const query = usePointsLedger();
  if (query.isLoading) return <p className="text-slate-500">Loading…</p>;
  if (query.isError) return <p className="text-red-700">Failed to load your points history.</p>;
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
      <table className="w-full text-left text-sm">
        <thead className="bg-slate-50 text-slate-600">
          <tr>
            <th className="px-4 py-2 font-medium">Date</th>
            <th className="px-4 py-2 font-medium">Change</th>
            <th className="px-4 py-2 font-medium">Reason</th>
            <th className="px-4 py-2 font-medium">Balance after</th>
          </tr>
        </thead>
        <tbody>
          {(query.data ?? []).map((row) => (
            <tr key={row.id} className="border-t border-slate-100">
              <td className="px-4 py-2">{new Date(row.createdAt).toLocaleString()}</td>
              <td
                className={
                  row.delta >= 0 ? 'px-4 py-2 font-semibold text-green-700' : 'px-4 py-2 font-semibold text-red-700'
                }
              >
                {row.delta > 0 ? `+${row.delta}` : row.delta}
              </td>
              <td className="px-4 py-2">{row.description}</td>
              <td className="px-4 py-2">{row.balanceAfter}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
