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
        <SiteHeader />
        <main className="mx-auto w-full max-w-5xl flex-1 px-4 py-8 sm:px-6 sm:py-10">{children}</main>
        <SiteFooter sendFeedback={sendFeedbackAction} />
      </body>
    </html>
  );
}
