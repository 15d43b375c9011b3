import { TaskMapLazy } from './map/task-map-lazy';
import { ProofVerdict, VerdictBadge } from './proof-verdict';
import { verificationOf } from './proof-verdict-words';
import { TaskProof, type TaskView } from './task-details';
import { placeMarkers } from './task-people-panels';
import { Card } from './ui/card';

/**
 * The evidence a requester decides on, first on their task page once proof is in: the verdict's badge by the
 * title, the photos at full width, the note, each check in words, and the position on a map beside the task's
 * place. Without a position there is no map at all (the task's place keeps its own card further down), never an
 * empty box.
 */
export function TaskEvidence({ task, tileUrl }: { task: TaskView; tileUrl: string }) {
  if (!task.proof) return null;
  const verification = verificationOf(task);
  return (
    <Card title="Proof" aside={verification && <VerdictBadge status={verification.status} />} testId="task-evidence">
      <TaskProof task={task} />
      {verification && <ProofVerdict verification={verification} />}
      {task.proof.location && (
        <div data-testid="task-place">
          <TaskMapLazy
            markers={placeMarkers(task)}
            tileUrl={tileUrl}
            label="Map of where the proof was taken and the task’s place"
          />
        </div>
      )}
    </Card>
  );
}
