import { deploymentLivemode } from '@/lib/payments/get-processor';

/** Shown on every signed-in page while no live payment processor is configured: nothing here is real money. */
export function TestModeBanner() {
  if (deploymentLivemode()) return null;
  return (
    <p
      role="status"
      data-testid="test-mode-banner"
      className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
    >
      <strong>Test mode</strong> — no real money moves. Cards, charges and payouts here are simulated.
    </p>
  );
}
