'use client';

import { useState } from 'react';
import { controlClass } from '@/components/ui/field';
import { type City, searchCities } from '@/lib/geo/cities';

type Picked = { city: string; region: string; country: string; lat: number; lng: number } | null;

/** Type a city, pick it from the offline gazetteer; the coordinates travel in hidden fields. */
export function CityPicker({ initial }: { initial: Picked }) {
  const [picked, setPicked] = useState<Picked>(initial);
  const [typed, setTyped] = useState(initial?.city ?? '');
  const suggestions = picked && typed === picked.city ? [] : searchCities(typed, 6);
  const choose = (city: City) => {
    setPicked({ city: city.name, region: city.region, country: city.country, lat: city.lat, lng: city.lng });
    setTyped(city.name);
  };
  return (
    <div className="text-sm">
      <label className="block">
        <span className="text-stone-700">City</span>
        <input
          value={typed}
          onChange={(event) => {
            setTyped(event.target.value);
            setPicked(null);
          }}
          placeholder="Start typing, e.g. Paris"
          autoComplete="off"
          className={controlClass}
        />
      </label>
      {suggestions.length > 0 && (
        <ul className="mt-1 divide-y divide-stone-100 rounded-md border border-stone-200 bg-white">
          {suggestions.map((city) => (
            <li key={`${city.name}-${city.country}`}>
              <button
                type="button"
                onClick={() => choose(city)}
                className="w-full px-3 py-1.5 text-left hover:bg-stone-100"
              >
                {city.name}, {city.region}, {city.country}
              </button>
            </li>
          ))}
        </ul>
      )}
      {picked && (
        <p className="mt-1 text-stone-500" data-testid="picked-city">
          {picked.city}, {picked.country} ({picked.lat.toFixed(3)}, {picked.lng.toFixed(3)})
        </p>
      )}
      <input type="hidden" name="city" value={picked?.city ?? ''} />
      <input type="hidden" name="region" value={picked?.region ?? ''} />
      <input type="hidden" name="country" value={picked?.country ?? ''} />
      <input type="hidden" name="lat" value={picked?.lat ?? ''} />
      <input type="hidden" name="lng" value={picked?.lng ?? ''} />
    </div>
  );
}
