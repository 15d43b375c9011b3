/** A status as a coloured pill, its colours from `tones` (by status; plain grey for any other). */
export function StatusBadge({
  status,
  tones,
  testId,
}: {
  status: string;
  tones: Record<string, string>;
  testId?: string;
}) {
  return (
    <span
      data-testid={testId}
      className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium ${tones[status] ?? 'bg-stone-100'}`}
    >
      {status}
    </span>
  );
}
