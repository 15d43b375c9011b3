// The convert form, prefilled from what the person texted: their messages as the description, the first one's
// opening words as the title, and the first city they named (the offline gazetteer) as the place. Staff check
// and complete it; nothing here is sent without them. Pure: the page and its tests call it.
import type { TaskFormInitial } from '@/app/dashboard/tasks/task-form';
import { cityMentionedIn } from '@/lib/geo/cities';
import { PROPOSAL_DEFAULTS } from '@/lib/tasks/task-rules';

const TITLE_LENGTH = 80;
const DESCRIPTION_LENGTH = 5_000;

/** The opening sentence of a text, cut at a word to fit a title. */
function titleOf(text: string) {
  // A sentence ends where the next begins with a capital ("Hauptstr. 5" does not end one).
  const sentence = text.trim().split(/(?<=[.!?])\s+(?=\p{Lu})/u)[0] ?? '';
  if (sentence.length <= TITLE_LENGTH) return sentence;
  const cut = sentence.slice(0, TITLE_LENGTH - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 40 ? cut.lastIndexOf(' ') : cut.length)}…`;
}

export function intakePrefill(messages: { direction: 'inbound' | 'outbound'; body: string }[]): TaskFormInitial {
  const texts = messages.filter((message) => message.direction === 'inbound').map((message) => message.body.trim());
  const said = texts.filter(Boolean);
  const city = cityMentionedIn(said.join(' '));
  return {
    title: titleOf(said[0] ?? ''),
    description: said.join('\n').slice(0, DESCRIPTION_LENGTH),
    category: PROPOSAL_DEFAULTS.category,
    place: city && { city: city.name, region: city.region, country: city.country, lat: city.lat, lng: city.lng },
    address: '',
    budget: '',
    deadline: '',
    skills: '',
    proofRequirements: [],
    instructions: '',
  };
}
