'use client';

import { signOut } from 'next-auth/react';
import { Button } from './ui/button';

export function SignOutButton() {
  return (
    <Button
      variant="secondary"
      compact
      onClick={() => signOut({ callbackUrl: '/login' })}
      className="shrink-0 whitespace-nowrap"
    >
      Sign out
    </Button>
  );
}
