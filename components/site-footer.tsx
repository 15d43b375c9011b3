import Link from 'next/link';
import { getBrowserUser } from '@/lib/web/next-auth';
import { FeedbackForm, type SendFeedback } from './feedback-form';

const LEGAL_LINKS = [
  { href: '/legal/terms', label: 'Terms' },
  { href: '/legal/privacy', label: 'Privacy' },
  { href: '/legal/worker-agreement', label: 'Worker Agreement' },
];

/**
 * The bottom of every page: the legal documents for everyone, and for a signed-in person a "Send feedback" box,
 * so a problem is reported on the page where it happened (a visitor has nothing to send it as).
 */
export async function SiteFooter({ sendFeedback }: { sendFeedback: SendFeedback }) {
  const current = await getBrowserUser();
  return (
    <footer className="border-t border-stone-200 bg-white">
      <div className="mx-auto max-w-5xl space-y-4 px-4 py-6 text-sm text-stone-600 sm:px-6">
        {current && (
          <details className="max-w-xl" data-testid="feedback">
            <summary className="cursor-pointer font-medium text-stone-800">Send feedback</summary>
            <p className="mt-2">A bug, an idea, a complaint: tell the people who run Legwork.</p>
            <div className="mt-3">
              <FeedbackForm action={sendFeedback} />
            </div>
          </details>
        )}
        <nav aria-label="Legal" className="flex flex-wrap gap-4">
          {LEGAL_LINKS.map((link) => (
            <Link key={link.href} href={link.href} className="underline">
              {link.label}
            </Link>
          ))}
        </nav>
      </div>
    </footer>
  );
}
