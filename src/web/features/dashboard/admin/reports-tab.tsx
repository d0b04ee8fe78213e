export function ReportsTab() {
  return <p>Reports</p>;
}
