import { describe, expect, it } from 'vitest';
import { TASK_CATEGORIES } from '@/lib/tasks/task-rules';
import { formatCategory } from './category';

describe('formatCategory', () => {
  it('capitalises the first word and turns every underscore into a space', () => {
    expect(formatCategory('photography')).toBe('Photography');
    expect(formatCategory('mystery_shopping')).toBe('Mystery shopping');
    expect(formatCategory('a_b_c')).toBe('A b c');
  });

  it('gives every task category a label without an underscore or a lower-case start', () => {
    expect(TASK_CATEGORIES.map(formatCategory)).toEqual([
      'Inspection',
      'Photography',
      'Pickup',
      'Delivery',
      'Errand',
      'Mystery shopping',
      'Data collection',
      'Other',
    ]);
  });
});
