'use client';

import { ActionForm, type ActionState } from './ui/action-form';
import { FileField, TextAreaField } from './ui/field';
import { SubmitButton } from './ui/submit-button';
import { afterUploading } from './upload-form-files';

/** The server action that adds evidence; it receives the text and the ids of the photos uploaded first. */
export type AddEvidenceAction = (state: ActionState, form: FormData) => Promise<ActionState>;

/**
 * Adds to a dispute's evidence (POST /v1/disputes/{id}/evidence): text and, with `photos`, pictures uploaded first
 * as the proof's are (POST /dashboard/uploads, so they belong to the poster), sent as `uploadIds`.
 */
export function DisputeEvidenceForm({
  action,
  submitLabel = 'Add evidence',
  photos = true,
}: {
  action: AddEvidenceAction;
  submitLabel?: string;
  photos?: boolean;
}) {
  return (
    <ActionForm
      action={photos ? afterUploading(action, 'photos', 'uploadIds') : action}
      testId="dispute-evidence-form"
      savedText="Added to the evidence."
    >
      <TextAreaField label="Evidence" name="text" rows={3} maxLength={5_000} required />
      {photos && <FileField label="Photos (optional)" name="photos" multiple />}
      <SubmitButton>{submitLabel}</SubmitButton>
    </ActionForm>
  );
}
