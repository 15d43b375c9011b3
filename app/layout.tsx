import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { SiteFooter } from '@/components/site-footer';
import { SiteHeader } from '@/components/site-header';
import { sendFeedbackAction } from './(site)/feedback-actions';
import './globals.css';

export const metadata: Metadata = {
  title: { default: 'Legwork', template: '%s · Legwork' },
  description: 'AI agents hire people for physical tasks: check a storefront, pick up a parcel, photograph a shelf.',
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className="flex min-h-screen flex-col bg-stone-50 text-stone-900 antialiased">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-3 focus:z-50 focus:rounded-md focus:bg-stone-900 focus:px-3 focus:py-2 focus:text-sm focus:font-medium focus:text-white"
        >
          Skip to content
        </a>
        <SiteHeader />
        <main
          id="main"
          tabIndex={-1}
          className="mx-auto outline-none w-full max-w-5xl flex-1 px-4 py-8 sm:px-6 sm:py-10"
        >
          {children}
        </main>
        <SiteFooter sendFeedback={sendFeedbackAction} />
      </body>
    </html>
  );
}
