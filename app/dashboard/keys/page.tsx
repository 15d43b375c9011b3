import type { Metadata } from 'next';
import { getDatabase } from '@/db/client';
import { requireBrowserUser } from '@/lib/api/require-browser-user';
import { listApiKeys } from '@/lib/services/operators/api-keys';
import { revokeKeyAction } from './actions';
import { CreateKeyForm } from './create-key-form';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'API keys' };

const when = (value: string | null) => (value ? new Date(value).toUTCString() : '—');

export default async function KeysPage() {
  const current = await requireBrowserUser('/dashboard/keys');
  const { db } = await getDatabase();
  const keys = await listApiKeys(db, current.user.id);
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">API keys</h1>
        <p className="text-sm text-stone-600">
          Keys act as you on the API (`Authorization: Bearer …`). Agents have keys of their own, on the Agents page.
        </p>
      </div>
      <section className="rounded-lg border border-stone-200 bg-white p-5">
        <h2 className="mb-3 font-medium">New key</h2>
        <CreateKeyForm />
      </section>
      <section className="rounded-lg border border-stone-200 bg-white p-5">
        <h2 className="mb-3 font-medium">Your keys</h2>
        {keys.length === 0 ? (
          <p className="text-sm text-stone-600">No keys yet.</p>
        ) : (
          <table className="w-full text-left text-sm" data-testid="keys-table">
            <thead className="text-stone-500">
              <tr>
                <th className="py-1">Name</th>
                <th>Key</th>
                <th>Last used</th>
                <th>Expires</th>
                <th>Status</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {keys.map((key) => (
                <tr key={key.id} className="border-t border-stone-100">
                  <td className="py-2">{key.name}</td>
                  <td className="font-mono text-xs">
                    {key.keyPrefix}…{key.keySuffix}
                  </td>
                  <td>{when(key.lastUsedAt)}</td>
                  <td>{when(key.expiresAt)}</td>
                  <td>{key.isActive ? 'active' : 'inactive'}</td>
                  <td className="text-right">
                    {key.isActive && (
                      <form action={revokeKeyAction.bind(null, key.id)}>
                        <button type="submit" className="text-red-700 underline">
                          Revoke
                        </button>
                      </form>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
