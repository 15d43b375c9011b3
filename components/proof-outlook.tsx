import type { ProofVerification } from '@/lib/tasks/proof-verification';
import { ProofVerdict } from './proof-verdict';
import { Notice } from './ui/notice';

// The proof form's feedback before a submit (task-proof-form.tsx): the verdict the requester will see, and a
// missing part under its field.

/** What the requester will see of this proof, said to the worker before they submit it. */
export function ProofOutlook({
  verification,
  warnings,
}: {
  verification: ProofVerification | null;
  warnings: { check: string; text: string }[];
}) {
  if (!verification) return null;
  return (
    <div className="space-y-2" data-testid="proof-outlook" data-status={verification.status}>
      {warnings.length === 0 ? (
        <Notice tone="success">Your proof passes every check the requester will see.</Notice>
      ) : (
        <div role="status" className="space-y-1 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {warnings.map((warning) => (
            <p key={warning.check} data-testid="proof-warning">
              {warning.text}
            </p>
          ))}
          <p className="text-xs">You can still submit it: the requester decides.</p>
        </div>
      )}
      <details className="text-sm">
        <summary className="cursor-pointer text-stone-600">What the requester will see</summary>
        <div className="mt-2">
          <ProofVerdict verification={verification} withBadge />
        </div>
      </details>
    </div>
  );
}

/** A missing part of the proof, under its field. */
export function FieldProblem({ children }: { children?: string }) {
  if (!children) return null;
  return (
    <p role="alert" className="text-sm text-red-700">
      {children}
    </p>
  );
}
