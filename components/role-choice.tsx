'use client';

import type { SignUpRole } from '@/lib/web/sign-up-role';

const ROLES: { value: SignUpRole; label: string; detail: string }[] = [
  { value: 'requester', label: 'I want to get tasks done', detail: 'Post a task and pay a person nearby to do it.' },
  { value: 'worker', label: 'I want to earn', detail: 'Do tasks near you and get paid.' },
];

/** Two radio cards in a fieldset: the arrow keys move between them, the legend names the question. */
export function RoleChoice({ initial }: { initial?: SignUpRole }) {
  return (
    <fieldset className="space-y-2" data-testid="role-choice">
      <legend className="mb-1 text-sm text-stone-700">What brings you here?</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {ROLES.map((role) => (
          <label
            key={role.value}
            className="flex cursor-pointer gap-2 rounded-md border border-stone-300 p-3 text-sm has-[:checked]:border-stone-900 has-[:checked]:bg-stone-100 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-stone-900"
          >
            <input
              type="radio"
              name="role"
              value={role.value}
              defaultChecked={initial === role.value}
              className="mt-0.5"
            />
            <span>
              <span className="block font-medium">{role.label}</span>
              <span className="block text-stone-600">{role.detail}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
