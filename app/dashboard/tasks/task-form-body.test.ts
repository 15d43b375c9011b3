import { describe, expect, it } from 'vitest';
import { createTaskBodySchema, taskUpdateSchema } from '@/lib/schemas/task-actions';
import { dollarsToCents, type TaskFormValues, taskFormBody, taskFormErrors } from './task-form-body';

const DEADLINE = new Date(Date.now() + 86_400_000).toISOString();

const values = (overrides: Partial<TaskFormValues> = {}): TaskFormValues => ({
  title: 'Photograph the shop front',
  description: '',
  category: 'photography',
  place: { lat: 45.764, lng: 4.8357 },
  address: ' 12 rue de la République ',
  budget: '25.50',
  deadline: DEADLINE,
  skills: 'photography, , delivery ',
  proofRequirements: ['photo', 'gps'],
  instructions: '',
  ...overrides,
});

const issuesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((issue) => ({ path: issue.path as (string | number)[], message: issue.message }));

describe('dollarsToCents', () => {
  it('reads dollars and cents, and nothing else', () => {
    expect(dollarsToCents('25')).toBe(2500);
    expect(dollarsToCents(' $25.5 ')).toBe(2550);
    expect(dollarsToCents('0.07')).toBe(7);
    expect(dollarsToCents('25.505')).toBeNull();
    expect(dollarsToCents('abc')).toBeNull();
    expect(dollarsToCents('')).toBeNull();
  });
});

describe('taskFormBody', () => {
  it('maps the form to the body POST /v1/tasks validates', () => {
    const body = taskFormBody(values());
    expect(body).toEqual({
      title: 'Photograph the shop front',
      description: undefined,
      category: 'photography',
      location: { lat: 45.764, lng: 4.8357, address: '12 rue de la République', precision: 'city' },
      budgetCents: 2550,
      deadline: DEADLINE,
      requiredSkills: ['photography', 'delivery'],
      proofRequirements: ['photo', 'gps'],
      instructions: undefined,
      proofRadiusMeters: 500,
      requiredChecks: [],
      autoApprove: 'never',
      autoApproveAfterMinutes: 60,
    });
    expect(createTaskBodySchema.safeParse(body).success).toBe(true);
  });

  it('accept within: whole minutes sent, empty left out (cleared on an edit), out of range named in words', () => {
    expect(taskFormBody(values({ acceptWithin: ' 30 ' })).acceptWithinMinutes).toBe(30);
    expect(createTaskBodySchema.safeParse(taskFormBody(values({ acceptWithin: '30' }))).success).toBe(true);
    expect(taskFormBody(values({ acceptWithin: '' })).acceptWithinMinutes).toBeUndefined();
    const cleared = taskFormBody(values({ acceptWithin: '' }), { edit: true });
    expect(cleared).toMatchObject({ acceptBy: null });
    expect(taskUpdateSchema.safeParse(cleared).success).toBe(true);
    for (const typed of ['0', '50000', 'soon']) {
      const body = taskFormBody(values({ acceptWithin: typed }));
      const errors = taskFormErrors(issuesOf(createTaskBodySchema.safeParse(body)));
      expect(errors.acceptWithin, typed).toBe('Enter minutes, 1 to 43,200, or leave it empty');
    }
  });

  it('a pin is the exact point; a picked city alone is named by the city and is only as exact as it', () => {
    const pinned = taskFormBody(values({ place: { lat: 45.7611, lng: 4.8402, city: 'Lyon', pinned: true } }));
    expect(pinned.location).toEqual({
      lat: 45.7611,
      lng: 4.8402,
      address: '12 rue de la République',
      precision: 'point',
    });
    const city = taskFormBody(values({ place: { lat: 45.764, lng: 4.8357, city: 'Lyon' }, address: ' ' }));
    expect(city.location).toEqual({ lat: 45.764, lng: 4.8357, address: 'Lyon', precision: 'city' });
    expect(createTaskBodySchema.safeParse(city).success).toBe(true);
  });

  it('makes a task without a place remote, and clears empty texts on an edit', () => {
    const body = taskFormBody(values({ place: null, proofRequirements: [] }), { edit: true });
    expect(body.location).toBeNull();
    expect(body.description).toBe('');
    expect(body.instructions).toBe('');
    expect(taskUpdateSchema.safeParse(body).success).toBe(true);
  });

  it('sends the proof checks: radius, the checks a submission must pass, approval when every check passes', () => {
    const body = taskFormBody(
      values({
        place: { lat: 45.7611, lng: 4.8402, city: 'Lyon', pinned: true },
        proofChecks: {
          radius: ' 1200 ',
          requiredChecks: ['location', 'in_app_capture'],
          autoApprove: true,
          autoApproveAfter: '30',
        },
      }),
    );
    expect(body).toMatchObject({
      proofRadiusMeters: 1200,
      requiredChecks: ['location', 'in_app_capture'],
      autoApprove: 'when_passed',
      autoApproveAfterMinutes: 30,
    });
    expect(createTaskBodySchema.safeParse(body).success).toBe(true);
  });

  it('leaves a radius or delay that is not a number for the API to refuse, in the form’s words', () => {
    const body = taskFormBody(
      values({ proofChecks: { radius: '9000', requiredChecks: [], autoApprove: true, autoApproveAfter: 'soon' } }),
    );
    expect(body).toMatchObject({ proofRadiusMeters: 9000, autoApproveAfterMinutes: 'soon' });
    const errors = taskFormErrors(issuesOf(createTaskBodySchema.safeParse(body)));
    expect(errors.proofRadius).toBe('Enter a distance in metres, 50 to 5000');
    expect(errors.autoApproveAfter).toBe('Enter minutes, 0 to 4320');
  });

  it('leaves a budget that is not an amount for the API to refuse', () => {
    expect(taskFormBody(values({ budget: 'lots' })).budgetCents).toBe('lots');
    expect(taskFormBody(values({ budget: ' ' })).budgetCents).toBeUndefined();
  });
});

describe('taskFormErrors', () => {
  it('puts each API issue beside its field, in plain words', () => {
    const parsed = createTaskBodySchema.safeParse(
      taskFormBody(values({ title: ' ', budget: '2', place: null, deadline: '' })),
    );
    const errors = taskFormErrors(issuesOf(parsed));
    expect(errors.title).toBe('Give the task a title');
    expect(errors.budget).toBe('Must be at least $5.00');
    expect(errors.proofRequirements).toBe('GPS proof needs a place: pick one, or untick GPS for a remote task');
    expect(JSON.stringify(errors)).not.toMatch(/budgetCents|Invalid|`/);
  });

  it('says what a missing or malformed budget needs', () => {
    const missing = taskFormErrors(issuesOf(createTaskBodySchema.safeParse(taskFormBody(values({ budget: '' })))));
    expect(missing.budget).toBe('Enter the worker’s pay in dollars, e.g. 25');
    const typed = taskFormErrors(issuesOf(createTaskBodySchema.safeParse(taskFormBody(values({ budget: 'x' })))));
    expect(typed.budget).toBe('Enter the worker’s pay in dollars, e.g. 25');
  });

  it('names the address line and sends what names no field to the form', () => {
    const errors = taskFormErrors([
      { path: ['location', 'address'], message: 'Must be at most 500 characters' },
      { path: [], message: 'Send at least one field to change' },
    ]);
    expect(errors).toEqual({ address: 'Must be at most 500 characters', form: 'Send at least one field to change' });
  });
});
