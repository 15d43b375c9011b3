import Link from 'next/link';
import { buttonClass } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';

// Any page that does not exist, and every notFound() of a page: inside the site's header, with ways on.
export default function NotFound() {
  return (
    <div className="space-y-6" data-testid="not-found">
      <PageHeader
        eyebrow={<p className="font-mono text-sm text-stone-500">404</p>}
        title="This page does not exist"
        description="The link may be old, or the thing it pointed to was removed or belongs to another account."
      />
      <div className="flex flex-wrap gap-3">
        <Link href="/" className={buttonClass()}>
          Home
        </Link>
        <Link href="/dashboard" className={buttonClass({ variant: 'secondary' })}>
          Dashboard
        </Link>
        <Link href="/worker" className={buttonClass({ variant: 'secondary' })}>
          Worker
        </Link>
        <Link href="/docs" className={buttonClass({ variant: 'secondary' })}>
          API reference
        </Link>
      </div>
    </div>
  );
}
