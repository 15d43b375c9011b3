import { redirect } from 'next/navigation';

/** The console opens on its one queue so far. */
export default function AdminPage() {
  redirect('/admin/intake');
}
