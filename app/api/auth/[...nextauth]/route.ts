import NextAuth from 'next-auth';
import { authOptions } from '@/lib/web/next-auth';

// next-auth's own endpoints (/api/auth/*): credentials sign-in, CSRF token, sign-out.
type Context = { params: Promise<{ nextauth: string[] }> };

async function handler(request: Request, context: Context): Promise<Response> {
  return NextAuth(authOptions())(request, context);
}

export { handler as GET, handler as POST };
