/** Loading line shown while an island checks the session or waits for data. */
export default function Loading({ label = '読み込んでいます…' }: { label?: string }) {
  return <p className="loading" role="status">{label}</p>;
}
