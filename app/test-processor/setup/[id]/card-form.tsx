'use client';

import { useActionState } from 'react';
import { type CardFormState, submitTestCard } from './actions';

export function CardForm({ setupIntentId }: { setupIntentId: string }) {
  const [state, action, pending] = useActionState<CardFormState, FormData>(
    submitTestCard.bind(null, setupIntentId),
    {},
  );
  return (
    <form action={action} className="space-y-4">
      <label className="block text-sm">
        <span className="text-stone-700">Card number</span>
        <input
          name="number"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="4242 4242 4242 4242"
          required
          className="mt-1 block w-full rounded-md border border-stone-300 px-3 py-2 font-mono"
        />
      </label>
      <div className="flex gap-3">
        <label className="block flex-1 text-sm">
          <span className="text-stone-700">Expiry (MM/YY)</span>
          <input
            name="expiry"
            autoComplete="cc-exp"
            placeholder="12/34"
            required
            className="mt-1 block w-full rounded-md border border-stone-300 px-3 py-2 font-mono"
          />
        </label>
        <label className="block w-24 text-sm">
          <span className="text-stone-700">CVC</span>
          <input
            name="cvc"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            required
            className="mt-1 block w-full rounded-md border border-stone-300 px-3 py-2 font-mono"
          />
        </label>
      </div>
      {state.error && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {state.error}
        </p>
      )}
      <button
        type="submit"
        disabled={pending}
        className="w-full rounded-md bg-stone-900 px-4 py-2 text-white hover:bg-stone-700 disabled:opacity-50"
      >
        Save card
      </button>
    </form>
  );
}
