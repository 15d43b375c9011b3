// The documented capability catalogue behind GET/PUT /v1/workers/me/capabilities. Ids are stable API
// values (stored in worker_capability_answers and skill_details); labels are for people and may change.
export type Capability = { id: string; label: string };
export type CapabilityCategory = { id: string; label: string; capabilities: Capability[] };

export const CAPABILITY_CATEGORIES: CapabilityCategory[] = [
  {
    id: 'driving',
    label: 'Driving',
    capabilities: [
      { id: 'car', label: 'Has a car' },
      { id: 'van', label: 'Has a van or pickup' },
      { id: 'license', label: 'Holds a driving licence' },
      { id: 'bike', label: 'Has a bicycle or scooter' },
    ],
  },
  {
    id: 'lifting',
    label: 'Lifting and moving',
    capabilities: [
      { id: 'light', label: 'Can carry up to 10 kg' },
      { id: 'heavy', label: 'Can carry over 25 kg' },
      { id: 'furniture', label: 'Can move furniture' },
      { id: 'stairs', label: 'Can carry loads up stairs' },
    ],
  },
  {
    id: 'photography',
    label: 'Photography',
    capabilities: [
      { id: 'smartphone', label: 'Smartphone photos and video' },
      { id: 'camera', label: 'Has a dedicated camera' },
      { id: 'drone', label: 'Flies a drone' },
      { id: 'editing', label: 'Edits photos' },
    ],
  },
  {
    id: 'languages',
    label: 'Languages',
    capabilities: [
      { id: 'english', label: 'English' },
      { id: 'spanish', label: 'Spanish' },
      { id: 'french', label: 'French' },
      { id: 'german', label: 'German' },
      { id: 'chinese', label: 'Chinese' },
      { id: 'other', label: 'Another language (say which in detail)' },
    ],
  },
  {
    id: 'tools',
    label: 'Tools',
    capabilities: [
      { id: 'hand_tools', label: 'Has hand tools' },
      { id: 'power_tools', label: 'Has power tools' },
      { id: 'ladder', label: 'Has a ladder' },
      { id: 'assembly', label: 'Assembles flat-pack furniture' },
    ],
  },
  {
    id: 'tech',
    label: 'Tech',
    capabilities: [
      { id: 'setup', label: 'Sets up devices and Wi-Fi' },
      { id: 'repair', label: 'Repairs phones or computers' },
      { id: 'smart_home', label: 'Installs smart-home devices' },
    ],
  },
  {
    id: 'care',
    label: 'Care',
    capabilities: [
      { id: 'pets', label: 'Pet sitting and walking' },
      { id: 'plants', label: 'Plant care' },
      { id: 'elderly', label: 'Keeps older people company' },
      { id: 'children', label: 'Childcare' },
    ],
  },
  {
    id: 'errands',
    label: 'Errands',
    capabilities: [
      { id: 'shopping', label: 'Shopping and pickups' },
      { id: 'queueing', label: 'Waits in line' },
      { id: 'delivery', label: 'Hand delivery of documents or parcels' },
    ],
  },
];

/** Whether `category`/`capability` name an entry of the catalogue. */
export function isKnownCapability(category: string, capability: string): boolean {
  return CAPABILITY_CATEGORIES.some((c) => c.id === category && c.capabilities.some((cap) => cap.id === capability));
}
