import { LocalTime } from '@/components/local-time';
import { formatCategory } from '@/lib/format/category';
import { directionsUrl, distanceOrCity, formatDistance, placeName } from '@/lib/format/place';
import type { TimelineEntry } from '@/lib/services/tasks/task-timeline';
import type { toTaskResource } from '@/lib/services/tasks/to-task-resource';
import { TaskStatusBadge } from './task-status-badge';
import { Card } from './ui/card';

export type TaskView = ReturnType<typeof toTaskResource>;

/**
 * What a task asks: description, where, when, skills and proof required, private instructions if shown. The
 * worker's side gets `directions`: a route planner to the place.
 */
export function TaskFacts({
  task,
  distanceMeters,
  directions = false,
}: {
  task: TaskView;
  distanceMeters?: number | null;
  directions?: boolean;
}) {
  return (
    <Card>
      {task.description && <p className="whitespace-pre-wrap text-stone-800">{task.description}</p>}
      <dl className="grid grid-cols-1 gap-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-stone-500">Where</dt>
          <dd data-testid="task-location">
            {task.location ? placeName(task.location) : 'Remote'}
            {task.location?.precision === 'city'
              ? ' · the city, not an exact spot'
              : distanceMeters != null && ` · ${formatDistance(distanceMeters)} from you`}
            {directions && task.location && (
              <>
                {' · '}
                <a
                  href={directionsUrl(task.location)}
                  target="_blank"
                  rel="noreferrer"
                  className="underline"
                  data-testid="directions"
                >
                  Directions
                </a>
              </>
            )}
          </dd>
        </div>
        <div>
          <dt className="text-stone-500">Deadline</dt>
          <dd>
            <LocalTime value={task.deadline} />
          </dd>
        </div>
        <div>
          <dt className="text-stone-500">Category</dt>
          <dd>{formatCategory(task.category)}</dd>
        </div>
        <div>
          <dt className="text-stone-500">Skills</dt>
          <dd>{task.requiredSkills.join(', ') || 'none'}</dd>
        </div>
        <div>
          <dt className="text-stone-500">Proof required</dt>
          <dd>{task.proofRequirements.join(', ') || 'none'}</dd>
        </div>
        {task.reviewDueAt && (
          <div>
            <dt className="text-stone-500">Completes by itself</dt>
            <dd>
              <LocalTime value={task.reviewDueAt} />
            </dd>
          </div>
        )}
      </dl>
      {'instructions' in task && task.instructions && (
        <div className="rounded-md bg-amber-50 p-3 text-sm" data-testid="task-instructions">
          <p className="font-medium">Private instructions</p>
          <p className="whitespace-pre-wrap">{task.instructions}</p>
        </div>
      )}
    </Card>
  );
}

/**
 * The submitted proof: its photos at full width (several side by side from `sm` up), the note, and where it was
 * taken and how far from the task. Photos are served by /uploads/{id}; each opens on its own in a new tab.
 */
export function TaskProof({ task }: { task: TaskView }) {
  const proof = task.proof;
  if (!proof) return <p className="text-sm text-stone-600">No proof submitted yet.</p>;
  const photos = proof.photos;
  const away = task.location && distanceOrCity(task.location, proof.distanceMeters, 'from the task');
  return (
    <div className="space-y-3 text-sm" data-testid="task-proof">
      <p className="text-stone-500">
        Submitted <LocalTime value={proof.submittedAt} />
      </p>
      {photos.length > 0 && (
        <div className={photos.length > 1 ? 'grid gap-3 sm:grid-cols-2' : undefined}>
          {photos.map((photo, index) => (
            <a key={photo.id} href={photo.url} target="_blank" rel="noreferrer" className="block">
              {/* biome-ignore lint/performance/noImgElement: uploads are served as they were sent, no optimiser. */}
              <img
                src={new URL(photo.url).pathname}
                alt={photos.length > 1 ? `Proof photo ${index + 1} of ${photos.length}` : 'Proof photo'}
                data-testid="proof-photo"
                className="block h-auto max-h-[70vh] w-full rounded-md border border-stone-200 bg-stone-50 object-contain"
              />
            </a>
          ))}
        </div>
      )}
      {proof.note && (
        <p className="whitespace-pre-wrap text-base text-stone-900" data-testid="proof-note">
          {proof.note}
        </p>
      )}
      {proof.location && (
        <p data-testid="proof-location">
          Sent from {proof.location.lat.toFixed(5)}, {proof.location.lng.toFixed(5)}
          {away && ` · ${away}`}
        </p>
      )}
    </div>
  );
}

/** The status history, oldest first. */
export function TaskTimeline({ entries }: { entries: TimelineEntry[] }) {
  return (
    <ol className="space-y-2 text-sm" data-testid="task-timeline">
      {entries.map((entry) => (
        <li key={entry.id} className="flex flex-wrap items-center gap-2" data-testid="timeline-entry">
          {entry.status === 'created' ? (
            <span className="font-medium">created</span>
          ) : (
            <TaskStatusBadge status={entry.status} />
          )}
          {entry.previousStatus && <span className="text-stone-500">from {entry.previousStatus}</span>}
          <span className="text-stone-500">
            <LocalTime value={entry.at} />
          </span>
          {entry.reason && <span className="italic text-stone-700">“{entry.reason}”</span>}
        </li>
      ))}
    </ol>
  );
}
