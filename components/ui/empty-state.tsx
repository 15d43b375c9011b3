import type { ReactNode } from 'react';

/** What a list shows when it has nothing in it yet. */
export function EmptyState({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <p className="text-sm text-stone-600" data-testid={testId}>
      {children}
    </p>
  );
}
