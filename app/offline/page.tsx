import type { Metadata } from 'next';
import Link from 'next/link';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';

export const metadata: Metadata = { title: 'Offline' };

// What the service worker shows for a page it has not kept while there is no connection (public/sw.js).
export default function OfflinePage() {
  return (
    <div className="space-y-6">
      <PageHeader title="You are offline" description="This page was not saved on this device." />
      <Card>
        <p className="text-sm text-stone-600">
          Pages you opened before are still here: your{' '}
          <Link href="/worker" className="underline">
            worker home
          </Link>
          , your{' '}
          <Link href="/worker/tasks" className="underline">
            tasks
          </Link>{' '}
          and each task you looked at, with its proof form. Proof you take offline is sent when you are back online.
        </p>
      </Card>
    </div>
  );
}
