import { describe, expect, it } from 'vitest';
import { freeSlots } from './free-slots';

const at = (iso: string) => new Date(iso);
const isos = (dates: Date[]) => dates.map((date) => date.toISOString().slice(11, 16));

describe('freeSlots', () => {
  const windows = [{ start: at('2030-01-07T09:00:00Z'), end: at('2030-01-07T12:00:00Z') }];

  it('steps every 30 minutes through each window, each slot ending inside it', () => {
    const slots = freeSlots({ windows, busy: [], durationMinutes: 60, from: at('2030-01-07T00:00:00Z') });
    expect(isos(slots)).toEqual(['09:00', '09:30', '10:00', '10:30', '11:00']);
  });

  it('leaves out slots overlapping a busy span, and those before `from` (rounded up to the step)', () => {
    const busy = [{ start: at('2030-01-07T10:00:00Z'), end: at('2030-01-07T11:00:00Z') }];
    const slots = freeSlots({ windows, busy, durationMinutes: 60, from: at('2030-01-07T08:10:00Z') });
    expect(isos(slots)).toEqual(['09:00', '11:00']);
    const later = freeSlots({ windows, busy: [], durationMinutes: 60, from: at('2030-01-07T09:10:00Z') });
    expect(isos(later)).toEqual(['09:30', '10:00', '10:30', '11:00']);
  });

  it('is empty when the service is longer than every window, and stops at `max`', () => {
    expect(freeSlots({ windows, busy: [], durationMinutes: 240, from: at('2030-01-01T00:00:00Z') })).toEqual([]);
    expect(
      freeSlots({ windows, busy: [], durationMinutes: 15, from: at('2030-01-01T00:00:00Z'), max: 2 }),
    ).toHaveLength(2);
  });
});
