'use client';

import { useEffect, useState } from 'react';
import { type CoverageLine, quoteCoverageFromForm } from './coverage-actions';

/** How long the form must rest before a quote is asked for (typing skills changes it on every key). */
const SETTLE_MS = 400;

/**
 * "Coverage here" under the task form's place: who is near and what similar tasks took and paid, asked again as
 * the place, category or skills change. A remote task (no place) shows nothing. A stale answer never replaces
 * a newer one.
 */
export function CoverageHere({
  place,
  category,
  skills,
}: {
  place: { lat: number; lng: number } | null;
  category: string;
  skills: string;
}) {
  const [line, setLine] = useState<CoverageLine | null>(null);
  const [failed, setFailed] = useState(false);
  const lat = place?.lat;
  const lng = place?.lng;
  useEffect(() => {
    setLine(null);
    setFailed(false);
    if (lat === undefined || lng === undefined) return;
    let current = true;
    const timer = setTimeout(() => {
      quoteCoverageFromForm({ lat, lng, category, skills })
        .then((answer) => {
          if (current) setLine(answer);
        })
        .catch(() => {
          if (current) setFailed(true);
        });
    }, SETTLE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [lat, lng, category, skills]);

  if (lat === undefined) return null;
  return (
    <section
      aria-label="Coverage here"
      aria-live="polite"
      className="rounded-md bg-stone-50 p-3 text-sm"
      data-testid="coverage-here"
    >
      <h3 className="font-medium">Coverage here</h3>
      {failed ? (
        <p className="text-stone-500">No quote right now.</p>
      ) : line ? (
        <>
          <p data-testid="coverage-workers">{line.workers}</p>
          <p data-testid="coverage-history" className="text-stone-600">
            {line.history}
          </p>
          {line.ignoredSkills.length > 0 && (
            <p className="text-xs text-stone-500">
              Not counted (not in the skills list): {line.ignoredSkills.join(', ')}
            </p>
          )}
        </>
      ) : (
        <p className="text-stone-500">Looking…</p>
      )}
    </section>
  );
}
