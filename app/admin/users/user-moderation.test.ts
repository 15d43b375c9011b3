import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { UserModeration } from './user-moderation';

const action = async () => ({});

describe('a user row’s moderation', () => {
  it('offers Suspend to an active user and Unsuspend to a suspended one, each only a button at first', () => {
    const active = renderToStaticMarkup(
      createElement(UserModeration, { who: 'dana@example.com', suspended: false, suspend: action, unsuspend: action }),
    );
    expect(active).toContain('>Suspend</button>');
    expect(active).not.toContain('Unsuspend');
    expect(active).not.toContain('Reason for suspending');

    const suspended = renderToStaticMarkup(
      createElement(UserModeration, { who: 'dana@example.com', suspended: true, suspend: action, unsuspend: action }),
    );
    expect(suspended).toContain('>Unsuspend</button>');
    expect(suspended).not.toContain('>Suspend</button>');
  });
});
