import { getBrowserUser } from '@/lib/api/next-auth';
import { FeedbackForm, type SendFeedback } from './feedback-form';

/**
 * The bottom of every page for a signed-in person: a "Send feedback" box, so a problem is reported on the page
 * where it happened. Visitors who are not signed in get no footer (nothing to send it as).
 */
export async function SiteFooter({ sendFeedback }: { sendFeedback: SendFeedback }) {
  const current = await getBrowserUser();
  if (!current) return null;
  return (
    <footer className="border-t border-stone-200 bg-white">
      <div className="mx-auto max-w-5xl px-4 py-6 text-sm text-stone-600 sm:px-6">
        <details className="max-w-xl" data-testid="feedback">
          <summary className="cursor-pointer font-medium text-stone-800">Send feedback</summary>
          <p className="mt-2">A bug, an idea, a complaint: tell the people who run Legwork.</p>
          <div className="mt-3">
            <FeedbackForm action={sendFeedback} />
          </div>
        </details>
      </div>
    </footer>
  );
}
