import { type PlaceView, placeName } from '@/lib/format/place';
import { LocalTime } from './local-time';

/** A booked task's one line: which service, when the slot starts (in the viewer's time) and where, by name. */
export function BookingLine({
  booking,
  place,
}: {
  booking: { title: string; startsAt: string } | null;
  place: PlaceView | null;
}) {
  if (!booking) return null;
  return (
    <p className="text-sm text-stone-600" data-testid="booking">
      Booked: {booking.title}, <LocalTime value={booking.startsAt} exact />
      {place ? `, ${place.precision === 'city' ? 'in ' : 'at '}${placeName(place)}` : ', remote'}
    </p>
  );
}
