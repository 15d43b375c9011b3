'use client';

import { useEffect, useMemo, useState } from 'react';

/** The slots grouped by the day they start on, in `timeZone`, each with its clock time there. */
function byDay(slots: string[], timeZone: string) {
  const day = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'short', day: 'numeric', timeZone });
  const time = new Intl.DateTimeFormat('en-US', { timeStyle: 'short', timeZone });
  const days = new Map<string, { value: string; time: string }[]>();
  for (const slot of slots) {
    const label = day.format(new Date(slot));
    days.set(label, [...(days.get(label) ?? []), { value: slot, time: time.format(new Date(slot)) }]);
  }
  return [...days];
}

/**
 * The free slots as radio buttons named `startsAt` (the ISO start), grouped by day in the viewer's zone. The
 * server renders them in UTC; after hydration they move to the browser's zone.
 */
export function SlotPicker({
  slots,
  value,
  onChange,
  round,
  error,
}: {
  slots: string[];
  value: string;
  onChange: (value: string) => void;
  /** Changes after each submit, to mount the radios anew (see BookForm). */
  round: number;
  error?: string;
}) {
  const [timeZone, setTimeZone] = useState('UTC');
  useEffect(() => setTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone), []);
  const days = useMemo(() => byDay(slots, timeZone), [slots, timeZone]);
  return (
    <div className="space-y-3" data-testid="slot-picker">
      <p className="text-sm text-stone-600">
        Pick a start. Times are in your time zone ({timeZone.replaceAll('_', ' ')}).
      </p>
      <div className="max-h-96 space-y-3 overflow-y-auto pr-1">
        {days.map(([day, times]) => (
          <fieldset key={day} className="space-y-1">
            <legend className="text-sm font-medium text-stone-800">{day}</legend>
            <div className="flex flex-wrap gap-2">
              {times.map((slot) => (
                <label
                  key={slot.value}
                  className="cursor-pointer rounded-md border border-stone-300 px-3 py-1.5 text-sm has-[:checked]:border-stone-900 has-[:checked]:bg-stone-900 has-[:checked]:text-white has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-stone-400"
                >
                  <input
                    key={round}
                    type="radio"
                    name="startsAt"
                    value={slot.value}
                    checked={value === slot.value}
                    onChange={() => onChange(slot.value)}
                    required
                    className="sr-only"
                  />
                  {slot.time}
                </label>
              ))}
            </div>
          </fieldset>
        ))}
      </div>
      {error && (
        <p className="text-sm text-red-700" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
