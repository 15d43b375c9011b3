import { distanceOrCity } from '@/lib/format/place';
import type { WorkerProfileResource } from '@/lib/schemas/worker-profile';
import type { MapMarker } from './map/task-map';
import { TaskMapLazy } from './map/task-map-lazy';
import type { TaskView } from './task-details';
import { TaskReviewForm } from './task-review-form';
import type { ActionState } from './ui/action-form';
import { Card } from './ui/card';
import { WorkerCard } from './worker-card';

/** The task's place and, once proof is in, where the worker was when they submitted it. */
export function TaskPlaceMap({ task, tileUrl }: { task: TaskView; tileUrl: string }) {
  const markers = placeMarkers(task);
  if (markers.length === 0) return null;
  return (
    <Card title="Place" testId="task-place">
      <TaskMapLazy markers={markers} tileUrl={tileUrl} label="Map of the task’s place" />
    </Card>
  );
}

/** The task's place and the proof's position, whichever are known. */
export function placeMarkers(task: TaskView): MapMarker[] {
  const markers: MapMarker[] = [];
  if (task.location) {
    const { lat, lng } = task.location;
    const name = task.location.address ?? 'Task place';
    const label = task.location.precision === 'city' ? `${name} (the city’s centre)` : name;
    markers.push({ lat, lng, kind: 'task', label });
  }
  const proof = task.proof?.location;
  if (proof) {
    const away = task.location && distanceOrCity(task.location, task.proof?.distanceMeters ?? null, 'from the task');
    markers.push({ ...proof, kind: 'proof', label: away ? `Proof position (${away})` : 'Proof position' });
  }
  return markers;
}

/** What the requester sees of who accepted: the worker card. */
export function TaskWorkerPanel({ worker }: { worker: WorkerProfileResource | null }) {
  if (!worker) return null;
  return (
    <Card title="Your worker">
      <WorkerCard profile={worker} />
    </Card>
  );
}

/** Once the task is completed and this side has not reviewed yet: stars and a comment about the other side. */
export function TaskReviewPanel({
  due,
  about,
  action,
}: {
  due: boolean;
  about: string;
  action: (state: ActionState, form: FormData) => Promise<ActionState>;
}) {
  if (!due) return null;
  return (
    <Card title="Leave a review" testId="review-panel">
      <TaskReviewForm action={action} about={about} />
    </Card>
  );
}
