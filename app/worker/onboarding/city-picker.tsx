'use client';

import { type KeyboardEvent, useId, useState } from 'react';
import { controlClass, FieldNotes } from '@/components/ui/field';
import { useFieldState } from '@/components/ui/form-state';
import { type City, searchCities } from '@/lib/geo/cities';

type Picked = { city: string; region: string; country: string; lat: number; lng: number } | null;

/**
 * Type a city, pick it from the offline gazetteer; the coordinates travel in hidden fields. An ARIA combobox:
 * ↓/↑ move through the suggestions, Enter picks one, Escape closes the list; a click picks one too.
 */
export function CityPicker({ initial, hint }: { initial: Picked; hint?: string }) {
  const id = useId();
  const [picked, setPicked] = useState<Picked>(initial);
  const [typed, setTyped] = useState(initial?.city ?? '');
  const [active, setActive] = useState(-1);
  const [closed, setClosed] = useState(false);
  const { error } = useFieldState('city');
  const suggestions = closed || (picked && typed === picked.city) ? [] : searchCities(typed, 6);
  const open = suggestions.length > 0;
  const optionId = (index: number) => `${id}-option-${index}`;
  const choose = (city: City) => {
    setPicked({ city: city.name, region: city.region, country: city.country, lat: city.lat, lng: city.lng });
    setTyped(city.name);
    setActive(-1);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setClosed(false);
      if (suggestions.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + suggestions.length) % suggestions.length);
    } else if (event.key === 'Enter' && open) {
      // Enter picks the highlighted city (or the only one) instead of submitting the form.
      const city = suggestions[active] ?? (suggestions.length === 1 ? suggestions[0] : undefined);
      event.preventDefault();
      if (city) choose(city);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setClosed(true);
      setActive(-1);
    }
  };
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="text-sm">
      <label className="block">
        <span className="text-stone-700">City</span>
        <input
          value={typed}
          onChange={(event) => {
            setTyped(event.target.value);
            setPicked(null);
            setClosed(false);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          placeholder="Start typing, e.g. Paris"
          autoComplete="off"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={`${id}-list`}
          aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          className={`${controlClass}${error ? ' border-red-500' : ''}`}
        />
      </label>
      <div
        id={`${id}-list`}
        role="listbox"
        aria-label="Cities"
        hidden={!open}
        className="mt-1 divide-y divide-stone-100 rounded-md border border-stone-200 bg-white"
      >
        {suggestions.map((city, index) => (
          // Options are picked with the keyboard on the input (aria-activedescendant); the click is for pointers.
          // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keys for every option.
          <div
            key={`${city.name}-${city.country}`}
            id={optionId(index)}
            role="option"
            tabIndex={-1}
            aria-selected={index === active}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(city)}
            className={`cursor-pointer px-3 py-1.5 hover:bg-stone-100${index === active ? ' bg-stone-100' : ''}`}
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
