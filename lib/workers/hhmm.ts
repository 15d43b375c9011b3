/** Minutes from local midnight as a wall time, `HH:MM` (570 → "09:30"). */
export const hhmm = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
