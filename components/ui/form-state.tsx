'use client';

import { createContext, useContext } from 'react';

/** What a form's last submission left for its fields: a message per field name, and the values typed. */
export type FormFieldState = { fieldErrors?: Record<string, string>; values?: Record<string, string> };

const FormStateContext = createContext<FormFieldState>({});

/** Gives the fields inside (Field, SelectField, TextAreaField) their error and the value to keep. */
export const FormStateProvider = FormStateContext.Provider;

/** A field's error and kept value, by its `name`. */
export function useFieldState(name: string | undefined): { error?: string; value?: string } {
  const state = useContext(FormStateContext);
  if (!name) return {};
  return { error: state.fieldErrors?.[name], value: state.values?.[name] };
}

/** The text values of a submitted form (files left out), so a refused form can show them again. */
export function textValuesOf(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of form.entries()) if (typeof value === 'string' && !(name in values)) values[name] = value;
  return values;
}
