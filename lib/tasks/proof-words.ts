// How the verdict's details say distances, durations and which photos: numbers a requester reads at a glance.

/** `12 min`, `5 h`, `3 days`: the largest unit, rounded down, at least a minute. */
export function formatDuration(ms: number): string {
  const minutes = Math.max(1, Math.floor(ms / 60_000));
  if (minutes < 120) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.floor(hours / 24)} days`;
}

/** `Photo 2`, `Photos 1 and 3`, `Photos 1, 2 and 4`, from zero-based indexes. */
export function listPhotos(indexes: readonly number[]): string {
  const numbers = indexes.map((index) => String(index + 1));
  if (numbers.length === 1) return `Photo ${numbers[0]}`;
  return `Photos ${numbers.slice(0, -1).join(', ')} and ${numbers.at(-1)}`;
}
