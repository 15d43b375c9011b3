'use client';

import { useEffect, useState } from 'react';
import { ActionForm } from '@/components/ui/action-form';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/field';
import { useFieldState } from '@/components/ui/form-state';
import { SubmitButton } from '@/components/ui/submit-button';
import type { AvailabilityFormState } from './actions';

type Row = { key: number; day: number; start: string; end: string };
export type WeeklyWindow = { dayOfWeek: number; start: string; end: string };

/** Monday first, as a week is read; `dayOfWeek` is 0 for Sunday as in the API. */
const DAYS = [
  [1, 'Monday'],
  [2, 'Tuesday'],
  [3, 'Wednesday'],
  [4, 'Thursday'],
  [5, 'Friday'],
  [6, 'Saturday'],
  [0, 'Sunday'],
] as const;

let nextKey = 0;
const rowOf = (window: WeeklyWindow): Row => ({ key: nextKey++, day: window.dayOfWeek, ...window });

/** A time input cannot say 24:00; an end of 00:00 means the midnight that ends the day. */
const endOf = (end: string) => (end === '00:00' ? '24:00' : end);
const shownEnd = (end: string) => (end === '24:00' ? '00:00' : end);

/**
 * The weekly hours editor: for each weekday, rows of start–end in one time zone, saved all at once through
 * `saveAvailabilityAction`. The rows go as one JSON list in the order shown, so each row's error comes back by its
 * index and shows under it.
 */
export function AvailabilityForm({
  action,
  weekly,
  timeZone: savedZone,
}: {
  action: (state: AvailabilityFormState, form: FormData) => Promise<AvailabilityFormState>;
  weekly: WeeklyWindow[];
  timeZone: string | null;
}) {
  const [rows, setRows] = useState<Row[]>(() => weekly.map(rowOf));
  const [timeZone, setTimeZone] = useState(savedZone ?? 'UTC');
  const [zones, setZones] = useState<string[]>([savedZone ?? 'UTC']);
  useEffect(() => {
    setZones(Intl.supportedValuesOf('timeZone'));
    if (!savedZone) setTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone);
  }, [savedZone]);
  const ordered = DAYS.flatMap(([day]) => rows.filter((row) => row.day === day));
  const sent = ordered.map((row) => ({ dayOfWeek: row.day, start: row.start, end: endOf(row.end) }));
  const change = (key: number, patch: Partial<Row>) =>
    setRows((all) => all.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  return (
    <ActionForm action={action} savedText="Hours saved" testId="availability-form">
      <SelectField
        label="Time zone"
        name="timeZone"
        value={timeZone}
        onChange={(event) => setTimeZone(event.target.value)}
        hint="Your hours are wall-clock times here; requesters see each slot in their own time."
      >
        {(zones.includes(timeZone) ? zones : [timeZone, ...zones]).map((zone) => (
          <option key={zone} value={zone}>
            {zone.replaceAll('_', ' ')}
          </option>
        ))}
      </SelectField>
      <input type="hidden" name="weekly" value={JSON.stringify(sent)} />
      <div className="divide-y divide-stone-100">
        {DAYS.map(([day, name]) => (
          <fieldset
            key={day}
            aria-label={name}
            className="flex flex-col gap-1 py-2 sm:flex-row sm:items-start sm:gap-3"
          >
            <span className="w-28 shrink-0 text-sm font-medium text-stone-800 sm:pt-1.5">{name}</span>
            <div className="min-w-0 flex-1 space-y-2">
              {ordered
                .filter((row) => row.day === day)
                .map((row) => (
                  <WindowRow
                    key={row.key}
                    row={row}
                    day={name}
                    index={ordered.indexOf(row)}
                    onChange={(patch) => change(row.key, patch)}
                    onRemove={() => setRows((all) => all.filter((other) => other.key !== row.key))}
                  />
                ))}
              <Button
                variant="link"
                onClick={() => setRows((all) => [...all, rowOf({ dayOfWeek: day, start: '09:00', end: '17:00' })])}
                aria-label={`Add hours on ${name}`}
              >
                + Add hours
              </Button>
            </div>
          </fieldset>
        ))}
      </div>
      <p className="text-sm text-stone-600">An end of 12:00 AM (00:00) is midnight, the end of the day.</p>
      <SubmitButton pendingLabel="Saving…">Save hours</SubmitButton>
    </ActionForm>
  );
}

function WindowRow({
  row,
  day,
  index,
  onChange,
  onRemove,
}: {
  row: Row;
  day: string;
  index: number;
  onChange: (patch: Partial<Row>) => void;
  onRemove: () => void;
}) {
  const { error } = useFieldState(`weekly.${index}`);
  const time = 'block w-[7.5rem] rounded-md border border-stone-300 px-2 py-1.5 text-sm sm:w-32';
  return (
    <div data-testid="hours-row">
      <div className="flex flex-wrap items-center gap-2">
        <input
          type="time"
          aria-label={`${day} from`}
          className={time}
          value={row.start}
          onChange={(event) => onChange({ start: event.target.value })}
          aria-invalid={error ? true : undefined}
        />
        <span aria-hidden>–</span>
        <input
          type="time"
          aria-label={`${day} until`}
          className={time}
          value={shownEnd(row.end)}
          onChange={(event) => onChange({ end: event.target.value })}
          aria-invalid={error ? true : undefined}
        />
        <Button variant="link" onClick={onRemove} aria-label={`Remove ${day} ${row.start}–${shownEnd(row.end)}`}>
          <span aria-hidden className="sm:hidden">
            ✕
          </span>
          <span className="hidden sm:inline">Remove</span>
        </Button>
      </div>
      {error && (
        <p className="mt-1 text-sm text-red-700" data-testid="hours-error">
          {error}
        </p>
      )}
    </div>
  );
}
