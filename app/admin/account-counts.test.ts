import { describe, expect, it } from 'vitest';
import { describeAccounts } from './account-counts';

describe('describeAccounts', () => {
  it('says people apart from agents, singular for one', () => {
    expect(describeAccounts({ people: 12, agents: 5 })).toBe('12 people, 5 agents');
    expect(describeAccounts({ people: 1, agents: 1 })).toBe('1 person, 1 agent');
    expect(describeAccounts({ people: 0, agents: 0 })).toBe('0 people, 0 agents');
    expect(describeAccounts({ people: 1_200, agents: 3 })).toBe('1,200 people, 3 agents');
  });
});
