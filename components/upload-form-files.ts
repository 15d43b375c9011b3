// Server actions take bodies of 1 MB at most (next.config.ts), so a form's photos go to POST /dashboard/uploads
// first, one request each, and the action receives only their upload ids.

/**
 * A copy of `form` whose files under `field` are replaced by their upload ids under `idsField`. Throws an Error
 * with the API's message and hint when an upload is refused (too large, not an image, too many requests).
 */
export async function uploadFormFiles(form: FormData, field: string, idsField: string): Promise<FormData> {
  const prepared = new FormData();
  for (const [name, value] of form) {
    if (name !== field) prepared.append(name, value);
  }
  for (const file of form.getAll(field)) {
    if (!(file instanceof Blob) || file.size === 0) continue;
    const body = new FormData();
    body.set('file', file);
    const res = await fetch('/dashboard/uploads', { method: 'POST', body });
    const answer = (await res.json().catch(() => undefined)) as
      | { data?: { id: string }; error?: { message: string; hint: string } }
      | undefined;
    if (!res.ok || !answer?.data) {
      const error = answer?.error;
      throw new Error(error ? `${error.message}. ${error.hint}` : `The upload failed (${res.status})`);
    }
    prepared.append(idsField, answer.data.id);
  }
  return prepared;
}

/**
 * A form's server action that first uploads the files under `field` (uploadFormFiles), then runs with their ids;
 * a refused upload becomes the form's `{error}` and the action does not run.
 */
export function afterUploading<State extends { error?: string }>(
  action: (state: State, form: FormData) => Promise<State>,
  field: string,
  idsField: string,
) {
  return async (state: State, form: FormData): Promise<State> => {
    let prepared: FormData;
    try {
      prepared = await uploadFormFiles(form, field, idsField);
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) } as State;
    }
    return action(state, prepared);
  };
}
