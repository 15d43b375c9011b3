import type { ReactNode } from 'react';
import { PageHeader } from '@/components/ui/page-header';

/** The frame of the built-in processor's pages, which stand in for Stripe's hosted ones: marked "Test mode". */
export function TestModePage({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-sm space-y-6">
      <PageHeader
        eyebrow={
          <p className="inline-block rounded bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-800">Test mode</p>
        }
        title={title}
        description={description}
      />
      {children}
    </div>
  );
}
