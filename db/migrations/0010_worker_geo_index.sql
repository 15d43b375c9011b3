-- Geo search over listed workers: nearest-neighbour and radius queries on ll_to_earth(lat, lng)
-- (earthdistance over cube), served by a GiST index. Partial: only listed workers are ever searched.
CREATE INDEX "worker_profiles_earth_idx" ON "worker_profiles" USING gist (ll_to_earth("lat", "lng"))
  WHERE "is_listed" AND "lat" IS NOT NULL AND "lng" IS NOT NULL;
