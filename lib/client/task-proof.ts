import type { LegworkClient, LegworkRequestExtras } from './index';
import type { components } from './schema';

// The latest proof of a task (GET /v1/tasks/{id}/proof) and, when asked, each photo's stored bytes, fetched with the
// client's own credential: what the MCP tool get_task_proof shows an agent, for any other caller of the client.

export type TaskProofPhoto = components['schemas']['TaskProof']['photos'][number] & { bytes?: Uint8Array };
export type TaskProof = Omit<components['schemas']['TaskProof'], 'photos'> & { photos: TaskProofPhoto[] };

export type FetchTaskProofOptions = Pick<LegworkRequestExtras, 'signal'> & {
  /** Also download every photo's bytes (`bytes` on each photo), one request each. Default false. */
  downloadPhotos?: boolean;
};

export async function fetchTaskProof(
  client: LegworkClient,
  taskId: string,
  { downloadPhotos = false, signal }: FetchTaskProofOptions = {},
): Promise<TaskProof> {
  const { data } = await client.GET('/v1/tasks/{id}/proof', { params: { path: { id: taskId } }, signal });
  if (!downloadPhotos) return data;
  const photos = await Promise.all(
    data.photos.map(async (photo) => ({ ...photo, bytes: (await client.fetchUpload(photo.id, { signal })).bytes })),
  );
  return { ...data, photos };
}
