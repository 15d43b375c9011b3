'use client';

import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import { controlClass, FieldNotes } from '@/components/ui/field';
import { useFieldState } from '@/components/ui/form-state';
import type { Place } from '@/lib/geo/gazetteer';

/** A place picked from the offline gazetteer: a city and its coordinates. */
export type PickedPlace = { city: string; region: string; country: string; lat: number; lng: number };

const placeOf = (place: Place): PickedPlace => ({
  city: place.name,
  region: place.region ?? '',
  country: place.country,
  lat: place.lat,
  lng: place.lng,
});

const SUGGESTIONS = 6;
/** Typing pauses this long before the suggestions are asked for. */
const DEBOUNCE_MS = 120;

/**
 * The places whose name starts with `typed`, from the offline gazetteer (`GET /dashboard/places`, the answer of
 * `GET /v1/geo/places`): asked once typing pauses, the request of an older text aborted.
 */
function useSuggestions(typed: string, wanted: boolean): Place[] {
  const [found, setFound] = useState<{ for: string; places: Place[] }>({ for: '', places: [] });
  const text = typed.trim();
  useEffect(() => {
    if (!wanted || !text || text.length > 100) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const query = new URLSearchParams({ q: text, limit: String(SUGGESTIONS) });
        const res = await fetch(`/dashboard/places?${query}`, { signal: controller.signal });
        if (!res.ok) return;
        const { data } = (await res.json()) as { data: Place[] };
        setFound({ for: text, places: data });
      } catch {
        // Aborted by newer typing, or offline: the list stays as it was; the field still takes a typed text.
      }
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text, wanted]);
  // Only the answer for what the field holds now: never a list for an older text.
  return found.for === text ? found.places : [];
}

/**
 * Type a city, pick it from the offline gazetteer (lib/geo/gazetteer.ts, 135,000 places): coordinates are never
 * typed by hand. An ARIA combobox: the arrow keys move through the suggestions (the first ↓ lands on the first),
 * Enter picks the one marked (or the first), Escape closes the list; a click picks too. The pick travels in hidden
 * fields (city, region, country, lat, lng) for a form action, and to `onChange` for a form that keeps its own
 * state; `onTyped` hears the text, so a form can refuse a place typed but never picked instead of dropping it.
 */
export function PlacePicker({
  initial,
  label = 'City',
  hint,
  onChange,
  onTyped,
}: {
  initial: PickedPlace | null;
  label?: string;
  /** A line under the field (what listing still needs); the form's error for `city` shows there too. */
  hint?: string;
  onChange?: (place: PickedPlace | null) => void;
  onTyped?: (text: string) => void;
}) {
  const { error } = useFieldState('city');
  const [picked, setPicked] = useState<PickedPlace | null>(initial);
  const [typed, setTyped] = useState(initial?.city ?? '');
  const [open, setOpen] = useState(false);
  // The suggestion the arrow keys marked; -1 while none is.
  const [active, setActive] = useState(-1);
  const id = useId();
  const listId = `${id}-list`;
  const searching = !(picked && typed === picked.city);
  const found = useSuggestions(typed, searching);
  const suggestions = open && searching ? found : [];
  const shown = suggestions.length > 0;
  const marked = shown && active >= 0 ? Math.min(active, suggestions.length - 1) : -1;
  const choose = (chosen: Place) => {
    const place = placeOf(chosen);
    setPicked(place);
    setTyped(chosen.name);
    onTyped?.(chosen.name);
    setOpen(false);
    onChange?.(place);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!shown) {
        setOpen(true);
        setActive(event.key === 'ArrowDown' ? 0 : found.length - 1);
        return;
      }
      const count = suggestions.length;
      setActive(
        marked < 0
          ? event.key === 'ArrowDown'
            ? 0
            : count - 1
          : (marked + (event.key === 'ArrowDown' ? 1 : -1) + count) % count,
      );
    } else if (event.key === 'Enter' && shown) {
      event.preventDefault();
      const place = suggestions[Math.max(marked, 0)];
      if (place) choose(place);
    } else if (event.key === 'Escape') {
      // Also before the suggestions arrive: an answer still on its way must not open the list again.
      if (shown) event.preventDefault();
      setOpen(false);
    }
  };
  const optionId = (index: number) => `${id}-option-${index}`;
  return (
    <div className="relative text-sm">
      <label className="block">
        <span className="text-stone-700">{label}</span>
        <input
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={shown}
          aria-controls={listId}
          aria-activedescendant={marked >= 0 ? optionId(marked) : undefined}
          value={typed}
          onChange={(event) => {
            setTyped(event.target.value);
            onTyped?.(event.target.value);
            setOpen(true);
            setActive(-1);
            if (picked) {
              setPicked(null);
              onChange?.(null);
            }
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
          placeholder="Start typing, e.g. Paris"
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={[hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined}
          className={`${controlClass}${error ? ' border-red-500' : ''}`}
        />
      </label>
      <div
        id={listId}
        role="listbox"
        aria-label="Matching places"
        hidden={!shown}
        className="mt-1 divide-y divide-stone-100 rounded-md border border-stone-200 bg-white"
      >
        {suggestions.map((place, index) => (
          <div
            key={`${place.name}-${place.country}-${place.lat}-${place.lng}`}
            id={optionId(index)}
            role="option"
            aria-selected={index === marked}
            tabIndex={-1}
            // Keeps the focus in the input, so its blur does not close the list before the click lands.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(place)}
            onKeyDown={() => undefined}
            className={`cursor-pointer px-3 py-1.5 ${index === marked ? 'bg-stone-100' : 'hover:bg-stone-50'}`}
          >
            {[place.name, place.region, place.country].filter(Boolean).join(', ')}
          </div>
        ))}
      </div>
      {picked && (
        <p className="mt-1 text-stone-500" data-testid="picked-city">
          {picked.city}, {picked.country} ({picked.lat.toFixed(3)}, {picked.lng.toFixed(3)})
        </p>
      )}
      <FieldNotes id={id} hint={hint} error={error} />
      <input type="hidden" name="city" value={picked?.city ?? ''} />
      <input type="hidden" name="region" value={picked?.region ?? ''} />
      <input type="hidden" name="country" value={picked?.country ?? ''} />
      <input type="hidden" name="lat" value={picked?.lat ?? ''} />
      <input type="hidden" name="lng" value={picked?.lng ?? ''} />
    </div>
  );
}
