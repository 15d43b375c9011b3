'use client';

import { type KeyboardEvent, useId, useState } from 'react';
import { controlClass, FieldNotes } from '@/components/ui/field';
import { useFieldState } from '@/components/ui/form-state';
import { type City, searchCities } from '@/lib/geo/cities';

/** A place picked from the offline gazetteer: a city and its coordinates. */
export type PickedPlace = { city: string; region: string; country: string; lat: number; lng: number };

const placeOf = (city: City): PickedPlace => ({
  city: city.name,
  region: city.region,
  country: city.country,
  lat: city.lat,
  lng: city.lng,
});

/**
 * Type a city, pick it from the offline gazetteer (lib/geo/cities.ts): coordinates are never typed by hand. An
 * ARIA combobox: the arrow keys move through the suggestions, Enter picks one, Escape closes the list; a click
 * picks too. The pick travels in hidden fields (city, region, country, lat, lng) for a form action, and to
 * `onChange` for a form that keeps its own state; `onTyped` hears the text, so a form can refuse a place typed
 * but never picked instead of dropping it.
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
  const [active, setActive] = useState(0);
  const id = useId();
  const listId = `${id}-list`;
  const suggestions = open && !(picked && typed === picked.city) ? searchCities(typed, 6) : [];
  const shown = suggestions.length > 0;
  const choose = (city: City) => {
    const place = placeOf(city);
    setPicked(place);
    setTyped(city.name);
    onTyped?.(city.name);
    setOpen(false);
    onChange?.(place);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!shown) {
        setOpen(true);
        setActive(0);
        return;
      }
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) => (index + step + suggestions.length) % suggestions.length);
    } else if (event.key === 'Enter' && shown) {
      event.preventDefault();
      const city = suggestions[Math.min(active, suggestions.length - 1)];
      if (city) choose(city);
    } else if (event.key === 'Escape' && shown) {
      event.preventDefault();
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
          aria-activedescendant={shown ? optionId(Math.min(active, suggestions.length - 1)) : undefined}
          value={typed}
          onChange={(event) => {
            setTyped(event.target.value);
            onTyped?.(event.target.value);
            setOpen(true);
            setActive(0);
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
        {suggestions.map((city, index) => (
          <div
            key={`${city.name}-${city.country}`}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            tabIndex={-1}
            // Keeps the focus in the input, so its blur does not close the list before the click lands.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(city)}
            onKeyDown={() => undefined}
            className={`cursor-pointer px-3 py-1.5 ${index === active ? 'bg-stone-100' : 'hover:bg-stone-50'}`}
          >
            {city.name}, {city.region}, {city.country}
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
