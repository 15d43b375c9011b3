'use client';

import { signOut } from 'next-auth/react';

export function SignOutButton() {
  return (
    <button
      type="button"
      onClick={() => signOut({ callbackUrl: '/login' })}
      className="shrink-0 whitespace-nowrap rounded-md border border-stone-300 px-3 py-1.5 text-sm hover:bg-stone-100"
    >
      Sign out
    </button>
  );
}
