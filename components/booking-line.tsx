import { LocalTime } from './local-time';

/** A booked task's one line: which service, and when the slot starts (in the viewer's time). */
export function BookingLine({ booking }: { booking: { title: string; startsAt: string } | null }) {
  if (!booking) return null;
  return (
    <p className="text-sm text-stone-600" data-testid="booking">
      Booked: {booking.title}, <LocalTime value={booking.startsAt} exact />
    </p>
  );
}
