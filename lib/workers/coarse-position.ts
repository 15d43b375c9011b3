// A worker's home position is private (DESIGN §4 "Workers"). Everyone but the owner sees it rounded to two
// decimals of a degree (about 1 km), and search measures distances from that rounded point and rounds them to
// 100 m. Rounding the exact distance would not be enough: a caller moving the search centre until the reported
// distance flips from one step to the next learns the exact distance at that instant, and a few such centres
// pin the home down. Measured from the public point, searches reveal nothing finer than the point itself.
//
// The TypeScript and SQL forms do the same float8 arithmetic (half rounds up, never banker's rounding), so the
// point a profile shows is bit for bit the one search measured from.

const STEPS_PER_DEGREE = 100;
export const DISTANCE_STEP_METERS = 100;

/** A latitude or longitude as everyone but the owner sees it: rounded to 0.01°. */
export const coarseDegrees = (degrees: number) => Math.floor(degrees * STEPS_PER_DEGREE + 0.5) / STEPS_PER_DEGREE;

/** `coarseDegrees` of a float8 SQL expression. */
export const coarseDegreesSql = (expression: string) =>
  `(floor(${expression} * ${STEPS_PER_DEGREE} + 0.5::float8) / ${STEPS_PER_DEGREE})`;

/** A distance in metres (a float8 SQL expression) rounded to the nearest DISTANCE_STEP_METERS. */
export const coarseMetersSql = (expression: string) =>
  `(floor(${expression} / ${DISTANCE_STEP_METERS} + 0.5::float8) * ${DISTANCE_STEP_METERS})`;
