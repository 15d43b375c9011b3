'use client';

import Link from 'next/link';
import { Fragment } from 'react';
import { CheckboxField } from './ui/checkbox-field';

/**
 * A required "I accept the <document> and the <document>" box, each document a link to its page (opened in a new
 * tab, so the form keeps what was typed). Sign-up and the first worker profile use it.
 */
export function AcceptLegalField({ name, documents }: { name: string; documents: { slug: string; label: string }[] }) {
  return (
    <CheckboxField
      name={name}
      required
      label={
        <>
          I accept{' '}
          {documents.map((document, index) => (
            <Fragment key={document.slug}>
              {index > 0 && ' and '}
              the{' '}
              <Link href={`/legal/${document.slug}`} target="_blank" className="underline">
                {document.label}
              </Link>
            </Fragment>
          ))}
        </>
      }
    />
  );
}
