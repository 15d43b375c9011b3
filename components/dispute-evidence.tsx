import type { DisputeEvidenceResource } from '@/lib/services/disputes/to-dispute-resource';
import type { DisputeReader } from './dispute-outcome';
import { LocalTime } from './local-time';
import { EmptyState } from './ui/empty-state';

const AUTHORS: Record<DisputeReader, string> = { requester: 'Requester', worker: 'Worker', admin: 'Admin' };

/**
 * A dispute's evidence, oldest first: who put it forward, what they said and their photos (served at /uploads/<id>,
 * as the proof's are). `reader` marks their own items "(you)".
 */
export function DisputeEvidenceList({
  evidence,
  reader,
}: {
  evidence: DisputeEvidenceResource[];
  reader: DisputeReader;
}) {
  if (evidence.length === 0) return <EmptyState>No evidence yet.</EmptyState>;
  return (
    <ol className="space-y-3" data-testid="dispute-evidence-list">
      {evidence.map((item) => (
        <li key={item.id} data-testid="dispute-evidence" className="space-y-2 rounded-md bg-stone-50 px-3 py-2 text-sm">
          <p className="text-xs text-stone-500">
            <span data-testid="dispute-evidence-by" className="font-medium text-stone-700">
              {AUTHORS[item.by]}
            </span>
            {item.by === reader && ' (you)'} · <LocalTime value={item.createdAt.toISOString()} />
          </p>
          <p className="whitespace-pre-wrap break-words">{item.text}</p>
          {item.uploadIds.length > 0 && (
            <div className="flex flex-wrap gap-2">
              {item.uploadIds.map((id) => (
                <a key={id} href={`/uploads/${id}`} target="_blank" rel="noreferrer">
                  {/* biome-ignore lint/performance/noImgElement: uploads are served as they were sent, no optimiser. */}
                  <img
                    src={`/uploads/${id}`}
                    alt={`Evidence from the ${AUTHORS[item.by].toLowerCase()}`}
                    data-testid="dispute-evidence-photo"
                    className="h-24 w-24 rounded-md border border-stone-200 object-cover"
                  />
                </a>
              ))}
            </div>
          )}
        </li>
      ))}
    </ol>
  );
}
