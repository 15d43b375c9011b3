'use server';

import { revalidatePath } from 'next/cache';
import { getDatabase } from '@/db/client';
import { ApiError } from '@/lib/errors/api-error';
import { createServiceBodySchema, updateServiceBodySchema } from '@/lib/schemas/services';
import { setAvailabilityBody } from '@/lib/schemas/worker-availability';
import { archiveService } from '@/lib/services/services/archive-service';
import { createService } from '@/lib/services/services/create-service';
import { updateService } from '@/lib/services/services/update-service';
import { findWorkerProfileId } from '@/lib/services/workers/find-worker-profile-id';
import { getOwnAvailability } from '@/lib/services/workers/get-own-availability';
import { setAvailability } from '@/lib/services/workers/set-availability';
import { describeActionError, describeFormError, type FormFieldMap } from '@/lib/web/describe-error';
import { requireBrowserUser } from '@/lib/web/require-browser-user';

export type ServiceFormState = { error?: string; saved?: boolean; fieldErrors?: Record<string, string> };

const PAGE = '/worker/services';

// The API's paths in the form's words; the money and the radius are typed in dollars and kilometres.
const FIELDS: FormFieldMap = {
  title: { field: 'title', label: 'Title' },
  description: { field: 'description', label: 'Description' },
  category: { field: 'category', label: 'Category' },
  priceCents: { field: 'price', label: 'Price', message: 'Between $5 and $10,000' },
  durationMinutes: { field: 'durationMinutes', label: 'Duration', message: 'Between 15 and 1,440 minutes' },
  'area.radiusMeters': { field: 'radiusKm', label: 'Radius', message: 'Between 0.001 and 200 km' },
  area: { field: 'city', label: 'Area' },
  'area.lat': { field: 'city', label: 'Area' },
  'area.lng': { field: 'city', label: 'Area' },
};

const text = (form: FormData, name: string) => String(form.get(name) ?? '').trim();

/** The form as the API's body: dollars to cents, kilometres to metres, "Remote" to a null area. */
function bodyOf(form: FormData) {
  const remote = form.get('remote') === 'on';
  const lat = text(form, 'lat');
  const lng = text(form, 'lng');
  if (!remote && (!lat || !lng)) {
    throw new ApiError('VALIDATION_ERROR', {
      issues: [{ path: ['area'], message: 'Pick a place from the list, or tick Remote' }],
    });
  }
  return {
    title: text(form, 'title'),
    description: text(form, 'description') || null,
    category: text(form, 'category'),
    priceCents: Math.round(Number(text(form, 'price')) * 100),
    durationMinutes: Number(text(form, 'durationMinutes')),
    area: remote
      ? null
      : { lat: Number(lat), lng: Number(lng), radiusMeters: Math.round(Number(text(form, 'radiusKm')) * 1_000) },
  };
}

export async function createServiceAction(_state: ServiceFormState, form: FormData): Promise<ServiceFormState> {
  const { user } = await requireBrowserUser(PAGE);
  try {
    const { db } = await getDatabase();
    await createService(db, { userId: user.id, body: createServiceBodySchema.parse(bodyOf(form)) });
    revalidatePath(PAGE);
    return { saved: true };
  } catch (error) {
    return describeFormError(error, FIELDS);
  }
}

export async function updateServiceAction(
  serviceId: string,
  _state: ServiceFormState,
  form: FormData,
): Promise<ServiceFormState> {
  const { user } = await requireBrowserUser(PAGE);
  try {
    const { db } = await getDatabase();
    await updateService(db, { serviceId, userId: user.id, body: updateServiceBodySchema.parse(bodyOf(form)) });
    revalidatePath(PAGE);
    return { saved: true };
  } catch (error) {
    return describeFormError(error, FIELDS);
  }
}

export async function archiveServiceAction(serviceId: string): Promise<{ error?: string }> {
  const { user } = await requireBrowserUser(PAGE);
  try {
    const { db } = await getDatabase();
    await archiveService(db, { serviceId, userId: user.id });
    revalidatePath(PAGE);
    return {};
  } catch (error) {
    return { error: describeActionError(error) };
  }
}

export type AvailabilityFormState = ServiceFormState;

const sentence = (message: string) => message.charAt(0).toUpperCase() + message.slice(1);

/** The editor's rows as it sends them: one JSON list in the page's order, so an error names its row by index. */
function weeklyOf(form: FormData): unknown {
  try {
    return JSON.parse(String(form.get('weekly') ?? '[]'));
  } catch {
    return null;
  }
}

/**
 * "Save hours": the weekly windows through PUT /v1/workers/me/availability's own schema and service. The editor
 * shows only weekly windows, so the schedule's exceptions (set through the API) are sent back as they are.
 * Errors come back per row (`weekly.<index>`) and for the time zone.
 */
export async function saveAvailabilityAction(
  _state: AvailabilityFormState,
  form: FormData,
): Promise<AvailabilityFormState> {
  const { user } = await requireBrowserUser(PAGE);
  const { db } = await getDatabase();
  const profileId = await findWorkerProfileId(db, user.id);
  if (!profileId) return { error: 'Create your worker profile first.' };
  const { exceptions } = await getOwnAvailability(db, { profileId });
  const parsed = setAvailabilityBody.safeParse({
    timeZone: String(form.get('timeZone') ?? ''),
    weekly: weeklyOf(form),
    exceptions,
  });
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const [head, index] = issue.path;
      const key = head === 'weekly' && typeof index === 'number' ? `weekly.${index}` : String(head ?? 'form');
      fieldErrors[key] ??= key === 'weekly' ? 'The hours could not be read.' : sentence(issue.message);
    }
    return { error: 'Nothing was saved: fix the marked hours.', fieldErrors };
  }
  try {
    await setAvailability(db, user.id, parsed.data);
  } catch (error) {
    return describeFormError(error);
  }
  revalidatePath(PAGE);
  return { saved: true };
}
