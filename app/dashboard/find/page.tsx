import type { Metadata } from 'next';
import Link from 'next/link';
import { ChoiceField } from '@/components/choice-field';
import { FilterActions } from '@/components/filter-actions';
import { PlacePicker } from '@/components/place-picker';
import { buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Field } from '@/components/ui/field';
import { Notice } from '@/components/ui/notice';
import { PageHeader } from '@/components/ui/page-header';
import { WorkerStats, workerName } from '@/components/worker-card';
import { getDatabase } from '@/db/client';
import { formatCategory } from '@/lib/format/category';
import { formatMoney } from '@/lib/format/money';
import { getProcessor } from '@/lib/payments/get-processor';
import { workerSearchQuery } from '@/lib/schemas/worker-search';
import { findBookableServices } from '@/lib/services/bookings/find-bookable-services';
import { searchWorkers } from '@/lib/services/workers/search-workers';
import { requireBrowserUser } from '@/lib/web/require-browser-user';
import { CATEGORY_CHOICES, type FindParams, FREE_WITHIN_DAYS, RATINGS, readFindQuery } from './find-query';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Find help' };

const away = (meters: number) =>
  meters < 1_000
    ? 'under 1 km away'
    : `${(meters / 1_000).toLocaleString('en-US', { maximumFractionDigits: 1 })} km away`;
const RADIUS_METERS = 50_000;

// Requesters find people to book near a place: services (fixed price, a slot to pick) first, then the workers
// near it. The filters live in the URL (a GET form), so a reload or a shared link keeps them.
export default async function FindHelpPage({ searchParams }: { searchParams: Promise<FindParams> }) {
  const current = await requireBrowserUser('/dashboard/find');
  const query = readFindQuery(await searchParams);
  const { place } = query;
  const database = await getDatabase();
  const services = place
    ? await findBookableServices(database.db, {
        lat: place.lat,
        lng: place.lng,
        radiusMeters: RADIUS_METERS,
        category: query.category,
        maxPriceCents: query.maxPriceCents,
        minRating: query.minRating,
        freeWithin: query.freeWithinDays
          ? { days: query.freeWithinDays, livemode: getProcessor(database.db).livemode }
          : undefined,
      })
    : [];
  const workers = place
    ? (
        await searchWorkers(
          database,
          workerSearchQuery.parse({
            lat: place.lat,
            lng: place.lng,
            radiusMeters: RADIUS_METERS,
            minRating: query.minRating,
            limit: 6,
          }),
          current.user.id,
        )
      ).data
    : [];
  const filtered = Boolean(query.category || query.maxPriceCents || query.minRating || query.freeWithinDays);
  const where = place ? place.city : '';
  return (
    <div className="space-y-6">
      <PageHeader
        title="Find help"
        description="People near a place who offer a service at a fixed price: pick one, choose a free slot, pay, and it is booked."
      />
      <Card testId="find-filters">
        <form
          method="get"
          action="/dashboard/find"
          className="grid grid-cols-2 items-end gap-3 sm:grid-cols-3 lg:grid-cols-5"
        >
          <div className="col-span-2 sm:col-span-3 lg:col-span-5">
            <PlacePicker initial={place} label="Place" hint="Type a city and pick it from the list." />
          </div>
          <ChoiceField
            label="Category"
            name="category"
            value={query.category}
            anyLabel="Any category"
            choices={CATEGORY_CHOICES}
          />
          <Field
            label="Max price ($)"
            name="maxPrice"
            type="number"
            min={1}
            step="any"
            inputMode="decimal"
            defaultValue={query.maxPriceText}
          />
          <ChoiceField
            label="Rating"
            name="minRating"
            value={query.minRating === undefined ? undefined : String(query.minRating)}
            anyLabel="Any rating"
            choices={RATINGS.map((rating) => [rating, `★ ${rating} and up`] as const)}
          />
          <ChoiceField
            label="Free"
            name="free"
            value={query.freeWithinDays === undefined ? undefined : String(query.freeWithinDays)}
            anyLabel="Any time"
            choices={FREE_WITHIN_DAYS.map((days) => [days, `In the next ${days} days`] as const)}
          />
          <FilterActions clearHref="/dashboard/find" filtered={filtered} className="col-span-2 sm:col-span-1" />
        </form>
      </Card>
      {query.ignored.length > 0 && (
        <Notice tone="warning" testId="find-ignored">
          Left out of the search: {query.ignored.join('; ')}.
        </Notice>
      )}
      {!place ? (
        <EmptyState testId="find-no-place">
          Pick a place above (type a city, then choose it from the list) to see the services and workers near it.
        </EmptyState>
      ) : (
        <>
          <Card
            title={`Services near ${where}`}
            description="Within 50 km, nearest first; remote ones after."
            testId="find-services"
          >
            {services.length === 0 ? (
              <EmptyState testId="find-no-services">
                No service {filtered ? 'matches these filters' : 'is offered'} near {where}.{' '}
                {filtered ? 'Try fewer filters, or ' : ''}
                <Link href="/dashboard/tasks/new" className="underline">
                  post a task
                </Link>{' '}
                for workers nearby to accept.
              </EmptyState>
            ) : (
              <ul className="divide-y divide-stone-100">
                {services.map((service) => (
                  <li key={service.id} className="flex flex-wrap items-center gap-3 py-3" data-testid="found-service">
                    <div className="min-w-0 flex-1 space-y-0.5">
                      <p className="font-medium">{service.title}</p>
                      <p className="text-sm text-stone-600">
                        {formatMoney(service.priceCents)} · {service.durationMinutes} min ·{' '}
                        {formatCategory(service.category)} ·{' '}
                        {service.remote ? 'Remote' : away(service.distanceMeters ?? 0)}
                      </p>
                      <p className="text-sm text-stone-600">
                        <Link href={`/workers/${service.worker.id}`} className="underline">
                          {workerName(service.worker)}
                        </Link>{' '}
                        ·{' '}
                        {service.worker.averageRating === null
                          ? 'No ratings yet'
                          : `★ ${service.worker.averageRating.toFixed(1)}`}
                      </p>
                    </div>
                    <Link
                      href={`/services/${service.id}/book`}
                      className={buttonClass({ compact: true })}
                      aria-label={`Book ${service.title}`}
                    >
                      Book
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </Card>
          <Card
            title={`Workers near ${where}`}
            description="Open a profile to see all of someone’s services."
            testId="find-workers"
          >
            {workers.length === 0 ? (
              <EmptyState>
                No listed worker {query.minRating ? 'with that rating ' : ''}lives near {where} yet.
              </EmptyState>
            ) : (
              <ul className="divide-y divide-stone-100">
                {workers.map((worker) => (
                  <li key={worker.id} className="space-y-0.5 py-3" data-testid="found-worker">
                    <Link href={`/workers/${worker.id}`} className="font-medium underline">
                      {workerName(worker)}
                    </Link>
                    {worker.headline && <p className="text-sm text-stone-700">{worker.headline}</p>}
                    <WorkerStats profile={worker} />
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </>
      )}
    </div>
  );
}
