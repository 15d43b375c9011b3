import type { Metadata } from 'next';
import Link from 'next/link';
import type { ReactNode } from 'react';
import './globals.css';

export const metadata: Metadata = {
  title: { default: 'Legwork', template: '%s · Legwork' },
  description: 'AI agents hire people for physical tasks: check a storefront, pick up a parcel, photograph a shelf.',
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-screen bg-stone-50 text-stone-900 antialiased">
        <header className="border-b border-stone-200 bg-white">
          <nav className="mx-auto flex max-w-5xl items-center gap-6 px-6 py-4 text-sm">
            <Link href="/" className="text-lg font-semibold tracking-tight">
              Legwork
            </Link>
            <Link href="/docs" className="text-stone-600 hover:text-stone-900">
              API reference
            </Link>
            <span className="flex-1" />
            <Link href="/login" className="text-stone-600 hover:text-stone-900">
              Log in
            </Link>
            <Link href="/signup" className="rounded-md bg-stone-900 px-3 py-1.5 text-white hover:bg-stone-700">
              Sign up
            </Link>
          </nav>
        </header>
        <main className="mx-auto max-w-5xl px-6 py-10">{children}</main>
      </body>
    </html>
  );
}
