'use client';

import { useState } from 'react';
import { formatMoney } from '@/lib/format/money';
import { ConfirmAction, type ConfirmState } from './ui/confirm-action';
import { controlClass } from './ui/field';

const PRESETS = [200, 500, 1_000] as const;

/**
 * "Add a tip": a few amounts or one of your own, then a confirmation that names the amount and the worker. Each
 * confirmed tip carries its own Idempotency-Key (a fresh one after a success), so a double click tips once.
 */
export function TaskTipForm({
  action,
  workerName,
  minCents,
  remainingCents,
  paysWith,
}: {
  action: (amountCents: number, key: string, state: ConfirmState, form: FormData) => Promise<ConfirmState>;
  workerName: string;
  minCents: number;
  remainingCents: number;
  /** "your card" */
  paysWith: string;
}) {
  const presets = PRESETS.filter((cents) => cents <= remainingCents);
  const [amountCents, setAmountCents] = useState<number>(presets[1] ?? presets[0] ?? minCents);
  const [custom, setCustom] = useState('');
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [lastTip, setLastTip] = useState<number | null>(null);
  const valid = Number.isInteger(amountCents) && amountCents >= minCents && amountCents <= remainingCents;
  const tip = async (state: ConfirmState, form: FormData) => {
    const next = await action(amountCents, key, state, form);
    if (!next.error) {
      setLastTip(amountCents);
      setKey(crypto.randomUUID());
    }
    return next;
  };
  return (
    <div className="space-y-3" data-testid="tip-form">
      <fieldset className="space-y-1">
        <legend className="text-sm font-medium">Add a tip for {workerName}: all of it goes to them.</legend>
        <div className="flex flex-wrap items-center gap-2">
          {presets.map((cents) => (
            <label
              key={cents}
              className="flex cursor-pointer items-center rounded-md border border-stone-300 px-3 py-1 text-sm has-[:checked]:border-stone-900 has-[:checked]:bg-stone-900 has-[:checked]:text-white"
            >
              <input
                type="radio"
                name="tip-amount"
                className="sr-only"
                checked={custom === '' && amountCents === cents}
                onChange={() => {
                  setCustom('');
                  setAmountCents(cents);
                }}
              />
              {formatMoney(cents)}
            </label>
          ))}
          <label className="flex items-center gap-2 text-sm">
            <span>Other $</span>
            <input
              type="number"
              inputMode="decimal"
              min={minCents / 100}
              max={remainingCents / 100}
              step="0.01"
              value={custom}
              aria-label="Other amount in dollars"
              data-testid="tip-custom"
              className={`${controlClass} mt-0 w-28`}
              onChange={(event) => {
                setCustom(event.target.value);
                setAmountCents(Math.round(Number(event.target.value) * 100));
              }}
            />
          </label>
        </div>
        <p className="text-xs text-stone-500">
          From {formatMoney(minCents)} up to {formatMoney(remainingCents)} more for this task.
        </p>
      </fieldset>
      {valid ? (
        <ConfirmAction
          action={tip}
          label={`Add a ${formatMoney(amountCents)} tip`}
          variant="primary"
          confirmLabel={`Yes, tip ${formatMoney(amountCents)}`}
          confirmVariant="primary"
          testId="tip-confirm"
          success={lastTip !== null && `Thanks: your ${formatMoney(lastTip)} tip is on its way to ${workerName}.`}
        >
          Charges {formatMoney(amountCents)} to {paysWith} and pays all of it to {workerName}; this cannot be undone.
        </ConfirmAction>
      ) : (
        <p className="text-sm text-red-700">
          Choose an amount from {formatMoney(minCents)} to {formatMoney(remainingCents)}.
        </p>
      )}
    </div>
  );
}
